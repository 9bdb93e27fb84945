"""The simulated phone's ``/system/bin/sh``: mksh's grammar over the simulated commands.

Exit statuses go through unmodified adbutils over the simulator's adb server;
the rest runs the shell directly, as ``adb shell`` would, and checks what a
script relies on: pipes, quoting, ``&&``/``||``, redirections, ``test``,
variables and the toybox filters.
"""

from __future__ import annotations

from collections.abc import Iterator

import adbutils
import pytest

from mobileagent_sim import SimDevice
from mobileagent_sim.testing import adb_device, serve

FRUIT = "/sdcard/Download/fruit.txt"


@pytest.fixture
def phone() -> Iterator[SimDevice]:
    with SimDevice() as device:
        device.write_file(FRUIT, b"banana\nApple\ncherry\napple pie\n")
        yield device


@pytest.fixture
def adb(phone: SimDevice) -> Iterator[adbutils.AdbDevice]:
    with serve(phone) as server:
        yield adb_device(server, phone.serial)


# -- exit statuses through adbutils -------------------------------------------------------


def test_exit_status_reaches_adbutils_over_shell_v2(adb: adbutils.AdbDevice) -> None:
    assert adb.shell2("exit 3", v2=True).returncode == 3
    r = adb.shell2("echo before; exit 4; echo after", v2=True)
    assert (r.returncode, r.stdout) == (4, "before\n")
    assert adb.shell2("false; exit", v2=True).returncode == 1  # bare exit keeps $?
    assert adb.shell2("exit 300", v2=True).returncode == 44  # statuses are mod 256


def test_shell2_v1_reads_status_from_its_appended_echo(adb: adbutils.AdbDevice) -> None:
    # adbutils' v1 shell2 appends "; echo X4EXIT:$?" and parses that line
    assert adb.shell2("false").returncode == 1
    assert adb.shell2("[ -d /sdcard ]").returncode == 0
    assert adb.shell2("sh -c 'exit 3'").returncode == 3
    assert adb.shell2("grep -q zzz /sdcard/Download/fruit.txt").returncode == 1
    # as on a phone, a top-level exit ends mksh before adbutils' echo runs: v1 cannot see it
    with pytest.raises(adbutils.AdbError, match="shell output invalid"):
        adb.shell2("exit 3")


def test_pipes_and_quoting_over_the_wire(adb: adbutils.AdbDevice) -> None:
    assert adb.shell("getprop | grep ro.build.version.sdk") == "[ro.build.version.sdk]: [33]"
    assert adb.shell(["echo", "a | b", "c; d"]) == "a | b c; d"


# -- lists, pipes, quoting ----------------------------------------------------------------------


def test_and_or_lists_follow_each_status(phone: SimDevice) -> None:
    assert phone.shell_exit("false && echo no || echo yes") == ("yes\n", 0)
    assert phone.shell_exit("true || echo no; echo $?") == ("0\n", 0)
    assert phone.shell_exit("false; echo $?") == ("1\n", 0)
    out, status = phone.shell_exit("frobnicate --flag; echo $?")
    assert (out, status) == ("/system/bin/sh: frobnicate: inaccessible or not found\n127\n", 0)
    assert phone.shell_exit("frobnicate") == ("/system/bin/sh: frobnicate: inaccessible or not found\n", 127)
    assert phone.shell_exit("! false") == ("", 0)


def test_pipes_feed_stdout_but_not_errors(phone: SimDevice) -> None:
    assert phone.shell_exit("getprop | grep -c ro.product.cpu.abi") == ("4\n", 0)
    assert phone.shell_exit("echo hello | grep nope") == ("", 1)
    # the error goes to the terminal, not into wc
    assert phone.shell_exit("ls /nope | wc -l") == ("ls: /nope: No such file or directory\n0\n", 0)
    assert phone.shell_exit("ls /nope 2>&1 | wc -l") == ("1\n", 0)
    assert phone.shell_exit("echo b a c | tr ' ' '\\n' | sort -r | head -n 1") == ("c\n", 0)


def test_a_pipeline_stage_runs_in_a_subshell(phone: SimDevice) -> None:
    assert phone.shell_exit("true | exit 4; echo after $?") == ("after 4\n", 0)
    assert phone.shell_exit('X=1 | true; echo "[$X]"') == ("[]\n", 0)


def test_quoting_keeps_operators_and_spaces_literal(phone: SimDevice) -> None:
    assert phone.shell("echo 'a && b' \"c | d\" 'e;f' 'g > h'") == "a && b c | d e;f g > h\n"
    assert phone.shell("echo 'x'\"y\"z \"it's\" a\\ b") == "xyz it's a b\n"
    assert phone.shell("echo a   b # a comment") == "a b\n"
    assert not phone.exists("/h")


def test_syntax_errors_run_nothing_of_their_line(phone: SimDevice) -> None:
    # mksh's messages and status 1 (syn.c syntaxerr, lex.c); mksh -c reads a script a line at a time
    assert phone.shell_exit("echo a > /sdcard/Download/x &&") == ("/system/bin/sh: syntax error: unexpected EOF\n", 1)
    assert not phone.exists("/sdcard/Download/x")
    assert phone.shell_exit("echo 'open") == ("/system/bin/sh: no closing quote\n", 1)
    assert phone.shell_exit("echo 1; fi") == ("/system/bin/sh: syntax error: unexpected 'fi'\n", 1)
    assert phone.shell_exit("echo 1\nfi") == ("1\n/system/bin/sh: syntax error: unexpected 'fi'\n", 1)
    assert phone.shell_exit("if true; then echo") == ("/system/bin/sh: syntax error: unmatched 'if'\n", 1)


def test_compound_commands_substitutions_and_globbing(phone: SimDevice) -> None:
    """What AndroidWorld's file_utils send: ``if [ -d ]``, ``rm -r DIR/*``, ``$(...)``."""
    check = 'if [ -d "{}" ]; then echo Exists; else echo "Does not exist"; fi'
    assert phone.shell_exit(check.format("/sdcard/Download")) == ("Exists\n", 0)
    assert phone.shell_exit(check.format("/sdcard/nope")) == ("Does not exist\n", 0)
    phone.write_file("/sdcard/Download/b.txt", b"b")
    assert phone.shell("cd /sdcard/Download && echo *.txt") == "b.txt fruit.txt\n"
    assert phone.shell("echo /sdcard/Download/*.none") == "/sdcard/Download/*.none\n"  # no match: as written
    assert phone.shell_exit("rm -r /sdcard/Download/*; ls /sdcard/Download") == ("", 0)
    assert phone.shell("echo $(echo $(echo nested)) `echo tick` $((6 * 7))") == "nested tick 42\n"
    assert phone.shell("for f in a b; do case $f in a) echo A;; *) echo other;; esac; done") == "A\nother\n"


# -- redirections ---------------------------------------------------------------------------------


def test_redirection_writes_appends_and_reads_device_files(phone: SimDevice) -> None:
    notes = "/sdcard/Download/notes.txt"
    assert phone.shell_exit(f"echo one > {notes} && echo two >> {notes}") == ("", 0)
    assert phone.read_file(notes) == b"one\ntwo\n"
    assert phone.shell(f"cat {notes}") == "one\ntwo\n"
    assert phone.shell(f"tail -n 1 < {notes}") == "two\n"
    assert phone.shell(f"wc -l < {notes}") == "2\n"
    phone.shell(f"echo three > {notes}")
    assert phone.read_file(notes) == b"three\n"


def test_error_redirections(phone: SimDevice) -> None:
    assert phone.shell_exit("ls /nope 2>/dev/null") == ("", 1)
    assert phone.shell_exit("echo hi >/dev/null") == ("", 0)
    assert phone.shell_exit("ls /nope > /sdcard/Download/err.txt 2>&1") == ("", 1)
    assert phone.read_file("/sdcard/Download/err.txt") == b"ls: /nope: No such file or directory\n"
    # 2>&1 before >file: errors still reach the terminal
    assert phone.shell_exit("ls /nope 2>&1 > /sdcard/Download/out.txt") == (
        "ls: /nope: No such file or directory\n", 1)
    assert phone.read_file("/sdcard/Download/out.txt") == b""


def test_writes_the_shell_cannot_make_fail_with_mksh_message(phone: SimDevice) -> None:
    assert phone.shell_exit("echo x > /sdcard/Download") == (
        "/system/bin/sh: can't create /sdcard/Download: Is a directory\n", 1)
    assert phone.shell_exit("echo x > /sdcard/no/such/f; echo $?") == (
        "/system/bin/sh: can't create /sdcard/no/such/f: No such file or directory\n1\n", 0)
    assert not phone.exists("/sdcard/no")
    assert phone.shell_exit("cat < /nope") == ("/system/bin/sh: can't open /nope: No such file or directory\n", 1)


# -- builtins -------------------------------------------------------------------------------------


def test_test_builtin_checks_files_strings_and_numbers(phone: SimDevice) -> None:
    assert phone.shell(f"[ -f {FRUIT} ] && echo file") == "file\n"
    assert phone.shell_exit("[ -f /sdcard/Download ]") == ("", 1)
    assert phone.shell_exit("[ -d /sdcard/Download ] && [ -e /sdcard ]") == ("", 0)
    assert phone.shell("[ -e /nope ] || echo missing") == "missing\n"
    assert phone.shell_exit('[ -z "" ] && [ -n x ] && [ a = a ] && [ a != b ]') == ("", 0)
    assert phone.shell_exit("[ 3 -lt 5 ] && [ 5 -gt 3 ] && [ 2 -eq 2 ] && [ 2 -ne 3 ]") == ("", 0)
    assert phone.shell_exit("test 5 -lt 3") == ("", 1)
    assert phone.shell_exit("[ x -eq 1 ]") == ("", 1)  # mksh reads the operands as arithmetic: $x, unset, is 0
    assert phone.shell_exit("[ 'a b' -eq 1 ]") == ("/system/bin/sh: a b: unexpected 'b'\n", 2)
    assert phone.shell_exit("[ 1 -eq 1") == ("/system/bin/sh: [: missing ]\n", 2)


def test_variables_expand_outside_single_quotes(phone: SimDevice) -> None:
    out = phone.shell("NAME=phone; export GREETING='hi there'; echo $NAME ${NAME}s '$NAME' \"$GREETING!\"")
    assert out == "phone phones $NAME hi there!\n"
    assert phone.shell("X='a  b'; echo [$X] \"[$X]\"") == "[a b] [a  b]\n"  # split unless quoted
    assert phone.shell("echo \"[$UNSET]\" '$?' \\$HOME") == "[] $? $HOME\n"
    phone.shell("KEPT=1")
    assert phone.shell("echo \"[$KEPT]\"") == "[]\n"  # each adb shell is a new sh -c


def test_cd_changes_the_folder_for_the_rest_of_the_line(phone: SimDevice) -> None:
    assert phone.shell_exit("cd /sdcard/Download && pwd && cat < fruit.txt | head -n 1") == (
        "/sdcard/Download\nbanana\n", 0)
    assert phone.shell("pwd") == "/\n"  # each adb shell starts in / again
    assert phone.shell_exit("cd /nope") == ("/system/bin/sh: cd: /nope: No such file or directory\n", 2)


# -- toybox filters -------------------------------------------------------------------------------


def test_grep_options_and_exit_statuses(phone: SimDevice) -> None:
    assert phone.shell_exit(f"grep -i apple {FRUIT}") == ("Apple\napple pie\n", 0)
    assert phone.shell_exit(f"grep -v a {FRUIT}") == ("Apple\ncherry\n", 0)
    assert phone.shell_exit(f"grep -c an {FRUIT}") == ("1\n", 0)
    assert phone.shell_exit(f"grep -c kiwi {FRUIT}") == ("0\n", 1)
    assert phone.shell_exit(f"grep -E '^(b|c)' {FRUIT}") == ("banana\ncherry\n", 0)
    assert phone.shell_exit(f"grep 'a.p' {FRUIT}") == ("apple pie\n", 0)
    assert phone.shell_exit(f"grep -F 'a.p' {FRUIT}") == ("", 1)
    assert phone.shell_exit(f"grep 'p\\{{2\\}}' {FRUIT}") == ("Apple\napple pie\n", 0)  # basic regex braces
    assert phone.shell_exit(f"grep -q cherry {FRUIT} && echo found") == ("found\n", 0)
    assert phone.shell_exit("grep x /nope") == ("grep: /nope: No such file or directory\n", 2)


def test_head_tail_wc_sort(phone: SimDevice) -> None:
    assert phone.shell(f"cat {FRUIT} | head -n 2") == "banana\nApple\n"
    assert phone.shell(f"head -1 {FRUIT}") == "banana\n"
    assert phone.shell(f"tail -n 1 {FRUIT}") == "apple pie\n"
    assert phone.shell(f"tail -2 {FRUIT}") == "cherry\napple pie\n"
    assert phone.shell(f"cat {FRUIT} | wc -l") == "4\n"
    assert phone.shell(f"sort {FRUIT}") == "Apple\napple pie\nbanana\ncherry\n"
    assert phone.shell("echo 10 9 100 | tr ' ' '\\n' | sort -n") == "9\n10\n100\n"
    assert phone.shell("echo hi | cat") == "hi\n"


# -- background jobs ----------------------------------------------------------------------


def test_a_command_that_runs_until_stopped_runs_in_the_background(phone: SimDevice) -> None:
    from pytest_mobileagent.android import mp4

    out, status = phone.shell_exit("screenrecord /sdcard/r.mp4 & P=$!; ps -A -o PID,NAME | grep screenrecord; "
                                   "sleep 3; kill -INT $P; wait $P; echo status $?; ps -A | grep -c screenrecord")
    pid = out.split()[0]
    assert out == f"{pid} screenrecord\nstatus 0\n0\n" and status == 1
    assert mp4.duration(phone.read_file("/sdcard/r.mp4")) == 3.0  # the simulated clock's 3 s in process


def test_jobs_still_running_when_the_line_ends_are_hung_up(phone: SimDevice) -> None:
    from pytest_mobileagent.android import mp4

    assert phone.shell_exit("screenrecord /sdcard/h.mp4 & sleep 2") == ("", 0)
    assert mp4.duration(phone.read_file("/sdcard/h.mp4")) == 2.0  # screenrecord finishes its file on SIGHUP
    assert "screenrecord" not in phone.shell("ps -A")


def test_other_background_lists_run_to_their_end_in_a_subshell(phone: SimDevice) -> None:
    out = phone.shell("x=1; (x=2; echo in $x) & wait $!; echo $? $x; false & wait $!; echo $?; "
                      "echo $! | grep -cE '^[0-9]+$'")
    assert out == "in 2\n0 1\n1\n1\n"


def test_wait_and_kill_answer_as_mksh(phone: SimDevice) -> None:
    """The status and messages of mksh's ``wait`` and ``kill`` (``funcs.c`` ``c_kill``, ``jobs.c`` ``j_wait``)."""
    assert phone.shell_exit("wait 99999; echo $?") == ("127\n", 0)
    assert phone.shell_exit("kill 99999") == ("/system/bin/sh: kill: 99999: No such process\n", 1)
    assert phone.shell_exit("kill -FOO 1") == ("/system/bin/sh: kill: bad signal: FOO\n", 1)
    assert phone.shell_exit("kill %2") == ("/system/bin/sh: kill: %2: no such job\n", 1)
    out, status = phone.shell_exit("kill")
    assert out.startswith("usage:\tkill [-s signame | -signum | -signame]") and status == 1


def test_kill_with_the_default_signal_ends_a_recording_without_its_file(phone: SimDevice) -> None:
    out = phone.shell("screenrecord /sdcard/k.mp4 & kill $!; wait $!; echo $?")
    assert out == "143\n"  # 128 + SIGTERM, which screenrecord does not catch
    assert phone.read_file("/sdcard/k.mp4") == b""


def test_a_following_logcat_prints_the_buffer_and_ends_in_process(phone: SimDevice) -> None:
    phone.shell("logcat -c; log -t TAG hi")
    assert phone.shell("logcat -v tag -s TAG") == "--------- beginning of main\nI/TAG     : hi\n"


def test_sleep_in_the_background_is_a_process_until_its_time_has_passed(phone: SimDevice) -> None:
    out = phone.shell("sleep 5 & P=$!; ps -A | grep -c sleep; kill -INT $P; ps -A | grep -c sleep; "
                      "kill $P; wait $P; echo $?")
    assert out == "1\n1\n143\n"  # a job ignores SIGINT (no job control); SIGTERM ends it
    before = phone.system.clock.now
    assert phone.shell("sleep 30 & wait; echo $?") == "0\n"
    assert (phone.system.clock.now - before).total_seconds() == 30
