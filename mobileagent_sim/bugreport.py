"""``bugreportz``, what ``adb bugreport`` runs: dumpstate's zipped report of the simulated phone.

AOSP ``frameworks/native/cmds/bugreportz`` (version 1.2 on Android 13) starts ``dumpstate -S -d -z`` and relays
its lines: ``BEGIN:PATH``, ``PROGRESS:N/TOTAL`` (with ``-p``), then ``OK:PATH`` of the zip, which the adb client
pulls. The zip holds ``bugreport-DEVICE-BUILD-DATE.txt`` (named in ``main_entry.txt``) and ``version.txt``; the
text is dumpstate's sections, each the output of the phone's own command (``uptime``, ``/proc/meminfo``, ``ps``,
``getprop``, ``logcat -d``, ``dumpsys``), so it says what those say. The board's, the radio's and the kernel's
debug files are not in it.
"""

from __future__ import annotations

import io
import zipfile

import mobileagent_sim.kernel as kernel
from mobileagent_sim.framework import BUILD_ID, FINGERPRINT, PROPS
from mobileagent_sim.shell import SHELL_PID, Result, Shell, command, ok, with_stderr
from mobileagent_sim.toybox import _run_argv

#: Where dumpstate leaves its zips (``/bugreports``, the shell app's folder on a phone).
FOLDER = "/bugreports"
VERSION = "1.2"
#: dumpstate's sections: title and the command run for each.
SECTIONS = (("KERNEL VERSION", ["cat", "/proc/version"]), ("UPTIME", ["uptime"]),
            ("MEMORY INFO", ["cat", "/proc/meminfo"]), ("CPU INFO", ["top", "-b", "-n", "1"]),
            ("PROCESSES AND THREADS", ["ps", "-A"]), ("SYSTEM PROPERTIES", ["getprop"]),
            ("MOUNT POINT DUMP", ["cat", "/proc/mounts"]), ("DISK FREE", ["df"]),
            ("SYSTEM LOG", ["logcat", "-d"]), ("DUMPSYS", ["dumpsys"]))


def _run(sh: Shell, argv: list[str]) -> str:
    out, err, _status = _run_argv(sh, argv)
    return (out + err).decode(errors="replace")


def report_text(sh: Shell) -> str:
    """dumpstate's text: its header, then each section between its title and duration lines."""
    now = sh.system.clock.now
    head = ["=" * 56, f"== dumpstate: {now:%Y-%m-%d %H:%M:%S}", "=" * 56, "",
            f"Build: {PROPS['ro.build.display.id']}", f"Build fingerprint: '{FINGERPRINT}'",
            f"Bootloader: {PROPS['ro.bootloader']}", f"Radio: {PROPS['gsm.version.baseband']}",
            f"Network: {PROPS['gsm.operator.alpha']}", f"Kernel: {kernel.proc_version().strip()}",
            f"Command line: {kernel.proc_cmdline().strip()}", "Bugreport format version: 2.0",
            f"Dumpstate info: id=1 pid={SHELL_PID + 2} dry_run=0 parallel_run=1 args=-S -d -z bugreport_mode=", ""]
    text = "\n".join(head) + "\n"
    for title, argv in SECTIONS:
        shown = " ".join(argv)
        text += f"------ {title} ({shown}) ------\n{_run(sh, argv)}"
        text += f"------ 0.001s was the duration of '{title}' ------\n"
    return text


def write_report(sh: Shell) -> str:
    """Make the zip as root (dumpstate's), readable by the shell user; its device path."""
    now = sh.system.clock.now
    name = f"bugreport-{PROPS['ro.product.device']}-{BUILD_ID}-{now:%Y-%m-%d-%H-%M-%S}"
    before, sh.uid = sh.uid, 0
    try:
        text = report_text(sh)
    finally:
        sh.uid = before
    data = io.BytesIO()
    with zipfile.ZipFile(data, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(f"{name}.txt", text)
        archive.writestr("main_entry.txt", f"{name}.txt")
        archive.writestr("version.txt", "2.0")
    path = f"{FOLDER}/{name}.zip"
    sh.device.write_file(path, data.getvalue())
    sh.system.fs.chown(path, "2000:2000")
    return path


@command("bugreportz")
def _bugreportz(sh: Shell, argv: list[str]) -> Result:
    """``bugreportz [-p] [-v] [-h]``: the version on standard error, or a report's zip with dumpstate's lines."""
    args = argv[1:]
    if "-v" in args:
        return with_stderr(sh, b"", 0, f"{VERSION}\n")
    if "-h" in args or any(a not in ("-p",) for a in args):
        return with_stderr(sh, b"", 0 if "-h" in args else 1,
                           "usage: bugreportz [-hpsv]\n  -h: to display this help message\n"
                           "  -p: display progress\n  -s: stream content to standard output\n"
                           "  -v: to display the version\n  or no arguments to generate a zipped bugreport\n")
    if sh.uid not in (0, 2000):
        return with_stderr(sh, b"FAIL:Could not connect to dumpstatez service\n", 1)
    path = write_report(sh)
    progress = "".join(f"PROGRESS:{n}/{len(SECTIONS)}\n" for n in range(1, len(SECTIONS) + 1)) if "-p" in args else ""
    return ok(f"BEGIN:{path}\n{progress}OK:{path}\n")
