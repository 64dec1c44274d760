"""Each agent's conversation memory (LlamaIndex) and the story world's domain memories: classify, condense, store, retrieve, curate."""
