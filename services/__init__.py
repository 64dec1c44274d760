"""Everything the agents use: memory, evaluation, storytelling, rendering, storage."""
