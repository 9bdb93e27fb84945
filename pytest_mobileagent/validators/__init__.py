"""State on a device, one module per app or system store: how a task seeds it (``seed_*``, ``add_*``,
``clear_*``) and how a check reads it (predicates named for what they check, such as ``events_added`` or
``contacts_are``). Seeders and checks of one app share its row types and queries, so they live together; the
app's contract (package, paths, schemas, constants) is its module in :mod:`pytest_mobileagent.android`.

Everything here goes through the :class:`~pytest_mobileagent.device.base.Device` protocol only (databases,
settings, files, logcat), never simulator internals, so a check holds unchanged on a real emulator.
"""
