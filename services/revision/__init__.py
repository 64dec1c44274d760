"""Follow-up turns on a finished comic: what a person asks to change, and the new version it makes."""
