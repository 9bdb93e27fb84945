"""API catalogues for agents (Mobile-Bench's hybrid action space); they live in :mod:`pytest_mobileagent.apis`,
beside the action space that runs them, and are re-exported here for agents."""

from __future__ import annotations

from pytest_mobileagent.apis import SIM_APIS, api_catalog, load_mobilebench_apis

__all__ = ["SIM_APIS", "api_catalog", "load_mobilebench_apis"]
