"""The phone's userland: every module whose commands the shell runs, loaded in one place.

The shell (:mod:`mobileagent_sim.shell`, mksh) owns the table of the commands it runs
(:data:`~mobileagent_sim.shell.COMMANDS`, :data:`~mobileagent_sim.shell.PROCESSES`), the framework
(:mod:`mobileagent_sim.framework`) the tables of ``dumpsys`` services and content providers; each module here
adds its own to them as it loads (``@command``, ``@toy``, ``@dumpsys_service``), so no table's module imports
what fills it. Whatever builds a phone (:class:`~mobileagent_sim.device.SimDevice`) imports this module; the apps
installed add theirs (``content`` providers, ``dumpsys telephony.registry``) through
:mod:`mobileagent_sim.apps.catalogue`.
"""

from __future__ import annotations

import mobileagent_sim.bugreport as bugreport
import mobileagent_sim.dumps as dumps
import mobileagent_sim.framework as framework
import mobileagent_sim.logcat as logcat
import mobileagent_sim.package_manager as package_manager
import mobileagent_sim.sqlite_cli as sqlite_cli
import mobileagent_sim.toybox as toybox

#: What ``/system/bin`` is made of: toybox's applets, the framework's commands (``am``, ``cmd``, ``settings``,
#: ``dumpsys``... and the system services' dumps), ``bugreportz``, ``logcat``/``log``, ``pm`` and ``sqlite3``.
MODULES = (toybox, framework, dumps, bugreport, logcat, package_manager, sqlite_cli)
