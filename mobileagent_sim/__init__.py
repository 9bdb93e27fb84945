"""The embedded simulated Android (never imports the plugin)."""

from mobileagent_sim.device import SimDevice

__all__ = ["SimDevice"]
