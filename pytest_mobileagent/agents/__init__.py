"""Agents: the protocol, the built-in agents and how ``--agent`` finds them."""

from pytest_mobileagent.agents.base import Agent, AgentContext

__all__ = ["Agent", "AgentContext"]
