"""The two agents of the studio, Brown (director) and Bayko (artist), and the loop between them."""
