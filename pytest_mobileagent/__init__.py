"""pytest-mobileagent: mobile-agent benchmark tasks as pytest items."""

__version__ = "0.1.0"
