"""AndroidArena's single-app, cross-app and constrained tasks, judged on device state (see README.md)."""
