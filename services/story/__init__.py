"""Writing the story: reading the prompt, the offline and LLM storytellers, the character sheet."""
