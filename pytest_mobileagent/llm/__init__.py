"""Model endpoints for agents: the OpenAI-compatible client and a scripted server for tests."""
