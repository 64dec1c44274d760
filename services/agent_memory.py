"""The spec's path to each agent's conversation memory: `from services.agent_memory import AgentMemory`.

The code lives in `services/memory/agent_memory.py`, beside the other memories.
"""

from services.memory.agent_memory import AgentMemory

__all__ = ["AgentMemory"]
