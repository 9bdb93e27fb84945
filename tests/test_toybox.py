"""toybox's userland on the simulated phone, judged against the real one.

The differential tests run each line through Debian's mksh and toybox 0.8.9 in a scratch root laid out as a phone's
(:mod:`tests.android_userland`) and through the simulated shell, over the same files (same contents, modes,
owners and times), and compare standard output, error output and exit status. Where the simulator differs on
purpose, the test says why and compares what can be compared.
"""

from __future__ import annotations

import re

import pytest

from mobileagent_sim import SimDevice
from mobileagent_sim.shell import Caller
from tests.android_userland import Pair, unavailable

#: Judged by Debian's mksh and toybox (other projects' code, in a chroot): run after the README's test command
#: (``-m compat``), as CI does.
pytestmark = pytest.mark.compat

#: 2023-10-10 12:00:00 UTC and a day and an hour before: the seed files' modification times.
T0, T1, T2 = 1696939200, 1696939200 - 86400, 1696939200 - 3600

SEED = {
    "/data/local/tmp/t/a.txt": (b"hello\nworld\nhello again\n", T0),
    "/data/local/tmp/t/b.log": (b"one\ntwo\nthree\nfour\nfive\nsix\nseven\neight\nnine\nten\neleven\n", T1),
    "/data/local/tmp/t/sub/c.txt": (b"x,y,z\n1,2,3\n4,5,6\n", T2),
    "/data/local/tmp/t/sub/deep/d.txt": (b"", T2),
    "/data/local/tmp/t/.hidden": (b"secret\n", T0),
    "/data/local/tmp/t/big.bin": (bytes(range(256)) * 20, T1),
    "/sdcard/Download/report.txt": (b"Quarterly report\n", T0),
    "/sdcard/Download/photo.jpg": (b"\xff\xd8\xff" + b"\0" * 1500, T1),
}


def _seed(pair: Pair) -> None:
    for path, (data, mtime) in SEED.items():
        pair.write(path, data, mtime=mtime)
    for folder, mtime in (("/data/local/tmp/t/sub/deep", T2), ("/data/local/tmp/t/sub", T2),
                          ("/data/local/tmp/t", T0), ("/sdcard/Download", T0)):
        pair.mkdir(folder, mtime=mtime)


@pytest.fixture(scope="module")
def seeded(tmp_path_factory: pytest.TempPathFactory):
    """One pair for lines that only read."""
    reason = unavailable()
    if reason:
        pytest.skip(reason)
    pair = Pair(tmp_path_factory.mktemp("android"))
    _seed(pair)
    yield pair
    pair.close()


@pytest.fixture
def fresh(tmp_path):
    """A pair of its own, for lines that change files."""
    reason = unavailable()
    if reason:
        pytest.skip(reason)
    pair = Pair(tmp_path / "android")
    _seed(pair)
    yield pair
    pair.close()


#: Lines whose output follows the order folders list their names in: on the host ext4's hash order, on the
#: simulator names in order. The lines are compared as sets (and the simulator's are sorted).
UNORDERED = ("find ", "du ", "grep -r")


def _same(pair: Pair, line: str, stdin: bytes = b"") -> None:
    android, sim = pair.both(line, stdin)
    if line.startswith(UNORDERED) and "-exec" not in line:
        out = sim.out.decode().splitlines()
        assert (sorted(out), sim.err, sim.status) == (sorted(android.out.decode().splitlines()), android.err,
                                                     android.status), line
        return
    assert sim.text() == android.text(), line


READING = [
    # ls: formats, sorting, options after operands (AndroidWorld's `ls DIR -ll -au`)
    "ls /data/local/tmp/t",
    "ls -1 /data/local/tmp/t",
    "ls -a /data/local/tmp/t",
    "ls -A /data/local/tmp/t",
    "ls -l /data/local/tmp/t",
    "ls -la /data/local/tmp/t/sub",
    "ls -ln /data/local/tmp/t",
    "ls -lt /data/local/tmp/t",
    "ls -ltr /data/local/tmp/t",
    "ls -lS /data/local/tmp/t",
    "ls -lh /data/local/tmp/t",
    "ls -lo /data/local/tmp/t",
    "ls -lg /data/local/tmp/t",
    "ls -s /data/local/tmp/t",
    "ls -d /data/local/tmp/t",
    "ls -ld /data/local/tmp/t /data/local/tmp/t/a.txt",
    "ls -R /data/local/tmp/t",
    "ls -lR /data/local/tmp/t/sub",
    "ls -m /data/local/tmp/t",
    "ls -p /data/local/tmp/t",
    "ls -F /data/local/tmp/t",
    "ls /data/local/tmp/t/a.txt /data/local/tmp/t/sub",
    "ls /data/local/tmp/t/nope",
    "ls /data/local/tmp/t/nope /data/local/tmp/t/a.txt",
    "ls -z",
    "ls --colr",
    "ls -l /sdcard/Download",
    "ls -ld /sdcard/Download",
    "ls -l /sdcard/",
    "ls -ld /data/local/tmp",
    "ls /data/local/tmp/t /data/local/tmp/t/sub",
    "ls -x /data/local/tmp/t",
    "ls -C /sdcard/",
    "ls -C -w 30 /sdcard/",
    "ls -x -w 30 /sdcard/",
    "ls -C --color /sdcard/",
    "ls --color=always /data/local/tmp/t",
    "ls -c /data/local/tmp/t",
    "ls -dl /data/local/tmp/t/sub/",
    "ls -l /data/local/tmp/t/a.txt/",
    "ls -lhS /sdcard/Download",
    "ls -sh /data/local/tmp/t",
    # a folder where a file is read: each tool's own answer
    "wc /data/local/tmp/t/sub /data/local/tmp/t/a.txt",
    "md5sum /data/local/tmp/t/sub",
    "base64 /data/local/tmp/t/sub",
    "tail /data/local/tmp/t/sub",
    "sort /data/local/tmp/t/sub",
    "head /data/local/tmp/t/sub",
    "grep x /data/local/tmp/t/sub",
    "grep hello /data/local/tmp/t/sub /data/local/tmp/t/a.txt",
    # stat
    "stat -c '%n %s %a %A %U %G %u %g %F %h' /data/local/tmp/t/a.txt /data/local/tmp/t/sub",
    "stat -c '%F' /data/local/tmp/t/sub/deep/d.txt",
    "stat -c '%5s|%-8U|%%|%q' /data/local/tmp/t/a.txt",
    "stat /data/local/tmp/t/nope",
    "stat",
    "stat -c %y /sdcard/Download/report.txt",
    # find
    "find /data/local/tmp/t -name '*.txt'",
    "find /data/local/tmp/t -iname 'A.*'",
    "find /data/local/tmp/t -type d",
    "find /data/local/tmp/t -maxdepth 1 -type f -name 'a*'",
    "find /data/local/tmp/t -mindepth 2 -type f",
    "find /data/local/tmp/t/sub -size -1",
    "find /data/local/tmp/t -size +2",
    "find /data/local/tmp/t -newer /data/local/tmp/t/b.log -type f",
    "find /data/local/tmp/t -name 'a.*' -exec cat {} \\;",
    "find /data/local/tmp/t -name '*.log' -exec wc -l {} +",
    "find /data/local/tmp/t/a.txt -exec echo x{}y {} \\;",
    "find /data/local/tmp/t/sub -type f -o -type d",
    "find /data/local/tmp/t ! -name '*.txt' -type f",
    "find /data/local/tmp/t/nope",
    "find /data/local/tmp/t -type q",
    "find /data/local/tmp/t -bogus",
    "find /data/local/tmp/t -name",
    "find /data/local/tmp/t/sub -empty",
    "find /data/local/tmp/t -path '*sub*' -prune -o -type f -print",
    "find /sdcard/Download/ -type f",
    "find /data/local/tmp/t -perm 644 -type f",
    "find /data/local/tmp/t -perm -100",
    "find /data/local/tmp/t -user shell -maxdepth 1",
    "find /data/local/tmp/t -links 3",
    "find /data/local/tmp/t -mtime +1",
    "find /data/local/tmp/t -type f -size 5120c",
    "find /data/local/tmp/t -size -2k",
    "find /data/local/tmp/t -depth -name sub",
    "find /data/local/tmp/t -name '[ab]*'",
    "find /data/local/tmp/t \\( -name a.txt -o -name b.log \\) -print",
    "find /data/local/tmp/t -maxdepth 0",
    # reading and text
    "cat /data/local/tmp/t/a.txt/",
    "cat -e /data/local/tmp/t/a.txt",
    "cat -v /data/local/tmp/t/big.bin",
    "tail -n 0 /data/local/tmp/t/a.txt",
    "tail /data/local/tmp/t/b.log",
    "grep hello /data/local/tmp/t/a.txt -n",
    "grep -L hello /data/local/tmp/t/a.txt /data/local/tmp/t/b.log",
    "grep -h hello /data/local/tmp/t/a.txt /data/local/tmp/t/a.txt",
    "grep 'a\\|b' /data/local/tmp/t/b.log",
    "grep -F 'l.' /data/local/tmp/t/a.txt",
    "egrep 'one|two' /data/local/tmp/t/b.log",
    "grep",
    "grep -b o /data/local/tmp/t/a.txt",
    "grep -bo o /data/local/tmp/t/a.txt",
    "grep -nb -A1 world /data/local/tmp/t/a.txt",
    "cut -d , -O : -f 1,3 /data/local/tmp/t/sub/c.txt",
    "cut -b 2- /data/local/tmp/t/a.txt",
    "uniq -c /data/local/tmp/t/a.txt",
    "seq 10 -1 7",
    "seq -f %03g 3",
    "seq 1 0 3",
    "printf '%d\\n' abc",
    "printf '%5s|%-5s|\\n' a b",
    "basename ''",
    "dirname /a/b/ a a/b//",
    "echo x | xargs -t echo",
    "xargs -n 2 < /data/local/tmp/t/b.log",
    "printf 'a\\0b\\0' | xargs -0 echo",
    "du -c /data/local/tmp/t/a.txt /data/local/tmp/t/b.log",
    "du -d 1 /data/local/tmp/t",
    "du -s /sdcard",
    "du -s /sdcard/",
    "sha512sum /data/local/tmp/t/a.txt",
    "base64 -w 0 /data/local/tmp/t/a.txt",
    "echo 'aGk=' | base64 -d",
    "readlink -m /data/local/tmp/t/nope/x/../y",
    "env -i A=1 B=2 env",
    "cat /data/local/tmp/t/a.txt /data/local/tmp/t/nope /data/local/tmp/t/sub",
    "head -n 2 /data/local/tmp/t/b.log",
    "head -3 /data/local/tmp/t/b.log",
    "head -c 5 /data/local/tmp/t/a.txt",
    "head -n 1 /data/local/tmp/t/a.txt /data/local/tmp/t/b.log",
    "head -n x /data/local/tmp/t/a.txt",
    "tail -n 3 /data/local/tmp/t/b.log",
    "tail -n +9 /data/local/tmp/t/b.log",
    "tail -c 7 /data/local/tmp/t/a.txt",
    "tail -2 /data/local/tmp/t/b.log",
    "wc /data/local/tmp/t/a.txt",
    "wc -l /data/local/tmp/t/a.txt /data/local/tmp/t/b.log",
    "wc -c < /data/local/tmp/t/a.txt",
    "wc -w -l /data/local/tmp/t/b.log",
    "grep hello /data/local/tmp/t/a.txt",
    "grep -c hello /data/local/tmp/t/a.txt /data/local/tmp/t/b.log",
    "grep -n -i HELLO /data/local/tmp/t/a.txt",
    "grep -m 1 hello /data/local/tmp/t/a.txt",
    "grep -o 'l\\+' /data/local/tmp/t/a.txt",
    "grep -A 1 -n three /data/local/tmp/t/b.log",
    "grep -B 2 six /data/local/tmp/t/b.log",
    "grep -C 1 -e two -e nine /data/local/tmp/t/b.log",
    "grep -r hello /data/local/tmp/t",
    "grep -rl x /data/local/tmp/t/sub",
    "grep -v e /data/local/tmp/t/b.log",
    "grep -w hell /data/local/tmp/t/a.txt",
    "grep -x world /data/local/tmp/t/a.txt",
    "grep -E 'o{2}|^t' /data/local/tmp/t/b.log",
    "grep -q nothing /data/local/tmp/t/a.txt",
    "grep hello /data/local/tmp/t/nope",
    "grep -s hello /data/local/tmp/t/nope /data/local/tmp/t/a.txt",
    "grep -Q x /data/local/tmp/t/a.txt",
    "cut -d , -f 2 /data/local/tmp/t/sub/c.txt",
    "cut -d , -f 1,3 /data/local/tmp/t/sub/c.txt",
    "cut -c 2-4 /data/local/tmp/t/a.txt",
    "cut -f 1 -d , -s /data/local/tmp/t/a.txt",
    "sort /data/local/tmp/t/b.log",
    "sort -r /data/local/tmp/t/a.txt",
    "sort -t , -k 2 -n -r /data/local/tmp/t/sub/c.txt",
    "sort -u /data/local/tmp/t/a.txt /data/local/tmp/t/a.txt",
    "sort /data/local/tmp/t/nope",
    "sort /data/local/tmp/t/a.txt /data/local/tmp/t/a.txt | uniq -c",
    "sort /data/local/tmp/t/a.txt /data/local/tmp/t/a.txt | uniq -d",
    "cat /data/local/tmp/t/b.log | xargs",
    "cat /data/local/tmp/t/b.log | xargs -n 4 echo",
    "echo /data/local/tmp/t/a.txt | xargs cat",
    "echo a b | xargs nonexistent_command",
    "seq 3",
    "seq 2 2 9",
    "seq -w 8 11",
    "seq 1 0.5 3",
    "seq -s , 5",
    "seq",
    "printf '%s-%d|%5.2f|%x\\n' a 42 3.14159 255",
    "printf '%s\\n' one two three",
    "printf 'no newline'",
    "printf '%b' 'a\\tb\\n'",
    "basename /data/local/tmp/t/a.txt",
    "basename /data/local/tmp/t/a.txt .txt",
    "basename -a /x/y /z/w/",
    "dirname /data/local/tmp/t/a.txt /x /",
    "realpath /data/local/tmp/t/./sub/../a.txt",
    "realpath /data/local/tmp/t/nope/x",
    "readlink /data/local/tmp/t/a.txt",
    "readlink -f /data/local/tmp/t/sub/../a.txt",
    "md5sum /data/local/tmp/t/a.txt /data/local/tmp/t/nope",
    "sha1sum /data/local/tmp/t/a.txt",
    "sha256sum /data/local/tmp/t/big.bin",
    "echo hi | md5sum",
    "base64 /data/local/tmp/t/big.bin",
    "echo aGVsbG8K | base64 -d",
    "du -s /data/local/tmp/t/sub",
    "du -a /data/local/tmp/t/sub/deep",
    "du -sh /data/local/tmp/t/big.bin",
    "cat /data/local/tmp/t/a.txt | sed 's/hello/bye/'",
    "sed -n 2p /data/local/tmp/t/b.log",
    "sed '2,4d' /data/local/tmp/t/b.log",
    "sed -e 's/o/0/g' -e '/^t/d' /data/local/tmp/t/b.log",
    "sed -E 's/(h)(e)/\\2\\1/' /data/local/tmp/t/a.txt",
    "sed '$d' /data/local/tmp/t/a.txt",
    "sed -n '/two/,/four/p' /data/local/tmp/t/b.log",
    # small tools
    "cmp /data/local/tmp/t/a.txt /data/local/tmp/t/b.log",
    "cmp -l /data/local/tmp/t/a.txt /data/local/tmp/t/b.log",
    "cmp /data/local/tmp/t/a.txt /data/local/tmp/t/a.txt",
    "cmp /data/local/tmp/t/a.txt /data/local/tmp/t/nope",
    "head -c 10 /data/local/tmp/t/a.txt | cmp /data/local/tmp/t/a.txt",
    "comm /data/local/tmp/t/a.txt /data/local/tmp/t/b.log",
    "comm -12 /data/local/tmp/t/a.txt /data/local/tmp/t/a.txt",
    "paste /data/local/tmp/t/a.txt /data/local/tmp/t/sub/c.txt",
    "paste -s -d, /data/local/tmp/t/a.txt",
    "nl /data/local/tmp/t/a.txt",
    "printf 'a\\n\\nb\\n' | nl",
    "tac /data/local/tmp/t/a.txt",
    "rev /data/local/tmp/t/a.txt",
    "tty",
    "logname",
    "timeout x true",
    "timeout 1 nope",
    "unlink /data/local/tmp/t/nope",
    "unlink /data/local/tmp/t/sub",
    "mktemp abc",
    "mktemp /nope/XXX",
    # who and what
    "id -u",
    "id -un",
    "id -g",
    "id -Z",
    "whoami",
    "whoami x",
    "uname",
    "uname -s -m",
    "uname -Q",
    "hostname -Q",
    "date -d @0",
    "date -u -d '2024-01-02 03:04:05' +%Y-%m-%dT%H:%M:%S",
    "date -d @1696939200 +%s",
    "date -Q",
    "date -d '2024-03-04 05:06' '+%F %T %a %b %e %j %u %Z %z'",
    "date -I -d @1700000000",
    "date -Iseconds -d @1700000000",
    "date -r /data/local/tmp/t/a.txt",
    "date -d '2024-02-30 00:00'",
    "date -d '2024-13-01 00:00'",
    "date -d 'next week'",
    "sort -k 1,1 -k 2n -t , /data/local/tmp/t/sub/c.txt",
    "printf '%-3d|%03d|%+d\\n' 5 5 5",
    "printf '%.2s\\n' abcdef",
    "printf '%b\\n' 'a\\0101b'",
    "sleep x",
    "sleep",
    "md5sum -Q",
    "free -Q",
    "rm",
    "mkdir",
    "touch",
    "chmod 777",
    "cp /data/local/tmp/t/a.txt",
    "mv /data/local/tmp/t/a.txt",
    "rmdir",
    "which",
    "env -Q",
    "wc -Q",
    "cat -z",
    "nproc -Q",
    "uptime -Q",
    "od -c /data/local/tmp/t/a.txt",
    "od /data/local/tmp/t/b.log",
    "od -A d -t x1 -N 40 /data/local/tmp/t/big.bin",
    "od -t d2 -t c -j 250 -N 21 /data/local/tmp/t/big.bin",
    "od -A n -t a -t o1 /data/local/tmp/t/a.txt",
    "od -v -w8 -t u4 -N 24 /data/local/tmp/t/big.bin",
    "od -A x -t x8 -t dL /data/local/tmp/t/big.bin | head -4",
    "printf 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' | od -c",
    "od -t x9 /data/local/tmp/t/a.txt",
    "od -A q /data/local/tmp/t/a.txt",
    "od -t c2 /data/local/tmp/t/a.txt",
    "od /data/local/tmp/t/nothing",
    "top -Q",
    "top -b -n 0",
    "netstat -Q",
]


@pytest.mark.parametrize("line", READING)
def test_reading_lines_match_android(seeded: Pair, line: str) -> None:
    _same(seeded, line)


CHANGING = [
    # (line that changes files, line that shows the result)
    # access times first, on files nothing has read yet (the host's relatime moves them on a read, a phone's
    # noatime does not)
    ("true", "stat -c '%y|%Y|%x|%X' /data/local/tmp/t/a.txt"),
    ("true", "ls /data/local/tmp/t/a.txt /data/local/tmp/t/b.log -ll -au"),
    ("true", "ls -ll -au /sdcard/Download/report.txt"),
    ("touch -d '2024-01-02 03:04:05' /data/local/tmp/t/new", "ls -l /data/local/tmp/t/new; stat -c '%y %x' "
     "/data/local/tmp/t/new"),
    ("touch -t 202401020304.05 /data/local/tmp/t/a.txt", "stat -c '%y %x' /data/local/tmp/t/a.txt"),
    ("touch -d 2024-01-01T10:20:30 /data/local/tmp/t/n", "stat -c %y /data/local/tmp/t/n"),
    ("touch -d @1700000000.5 /data/local/tmp/t/n", "stat -c %y /data/local/tmp/t/n"),
    ("touch -d '2024-02-31 10:00' /data/local/tmp/t/n", "stat -c %y /data/local/tmp/t/n"),
    ("touch -a -d '2024-01-02 03:04:05' /data/local/tmp/t/a.txt", "stat -c '%y %x' /data/local/tmp/t/a.txt"),
    ("touch -m -d '2024-01-02 03:04:05' /data/local/tmp/t/a.txt", "stat -c '%y %x' /data/local/tmp/t/a.txt"),
    ("touch -r /data/local/tmp/t/b.log /data/local/tmp/t/a.txt", "stat -c '%y' /data/local/tmp/t/a.txt"),
    ("touch -c /data/local/tmp/t/nope", "ls /data/local/tmp/t"),
    ("touch /data/local/tmp/t/x/y", "ls /data/local/tmp/t"),
    ("touch -d bad /data/local/tmp/t/a.txt", "true"),
    ("chmod 600 /data/local/tmp/t/a.txt", "ls -l /data/local/tmp/t/a.txt"),
    ("chmod u+x,g-r,o= /data/local/tmp/t/a.txt", "stat -c %A /data/local/tmp/t/a.txt"),
    ("chmod -R 700 /data/local/tmp/t/sub", "ls -lR /data/local/tmp/t/sub"),
    ("chmod 777 -R /data/local/tmp/t/sub", "ls -lR /data/local/tmp/t/sub"),
    ("chmod a+rwx /data/local/tmp/t/b.log", "stat -c '%a %A' /data/local/tmp/t/b.log"),
    ("chmod -v 644 /data/local/tmp/t/a.txt", "true"),
    ("chmod 999 /data/local/tmp/t/a.txt", "stat -c %a /data/local/tmp/t/a.txt"),
    ("chmod u+q /data/local/tmp/t/a.txt", "true"),
    ("chmod 644 /data/local/tmp/t/nope", "true"),
    ("chmod +X /data/local/tmp/t/sub /data/local/tmp/t/a.txt", "stat -c '%n %A' /data/local/tmp/t/sub "
     "/data/local/tmp/t/a.txt"),
    ("mkdir /data/local/tmp/t/n", "stat -c '%A %U %G %s %n' /data/local/tmp/t/n"),
    ("mkdir -p /data/local/tmp/t/n/m/o", "find /data/local/tmp/t/n"),
    ("mkdir -m 700 /data/local/tmp/t/n", "stat -c %A /data/local/tmp/t/n"),
    ("mkdir /data/local/tmp/t/sub", "true"),
    ("mkdir /data/local/tmp/t/x/y", "true"),
    ("mkdir -p /data/local/tmp/t/a.txt/g", "true"),
    ("rmdir /data/local/tmp/t/sub/deep", "true"),
    ("rmdir /data/local/tmp/t/sub/deep/d.txt", "true"),
    ("rm /data/local/tmp/t/sub/deep/d.txt && rmdir -p /data/local/tmp/t/sub/deep", "ls -R /data/local/tmp/t"),
    ("rm /data/local/tmp/t/a.txt", "ls /data/local/tmp/t"),
    ("rm /data/local/tmp/t/sub", "ls /data/local/tmp/t"),
    ("rm -r /data/local/tmp/t/sub", "ls /data/local/tmp/t"),
    ("rm -rf /data/local/tmp/t/sub /data/local/tmp/t/nope", "ls -a /data/local/tmp/t"),
    ("rm /data/local/tmp/t/nope", "true"),
    ("rm -d /data/local/tmp/t/sub/deep", "true"),
    ("rm -f", "true"),
    ("cp /data/local/tmp/t/a.txt /data/local/tmp/t/copy", "cat /data/local/tmp/t/copy; stat -c '%a %U' "
     "/data/local/tmp/t/copy"),
    ("cp -p /data/local/tmp/t/a.txt /data/local/tmp/t/copy", "stat -c '%a %y %x' /data/local/tmp/t/copy"),
    ("cp /data/local/tmp/t/a.txt /data/local/tmp/t/b.log /data/local/tmp/t/sub", "ls /data/local/tmp/t/sub"),
    ("cp -r /data/local/tmp/t/sub /data/local/tmp/t/sub2", "find /data/local/tmp/t/sub2"),
    ("cp -a /data/local/tmp/t/sub/. /data/local/tmp/t/other/", "true"),
    ("mkdir /data/local/tmp/t/other && cp -a /data/local/tmp/t/sub/. /data/local/tmp/t/other/",
     "ls -lR /data/local/tmp/t/other"),
    ("cp /data/local/tmp/t/sub /data/local/tmp/t/z", "true"),
    ("cp /data/local/tmp/t/nope /data/local/tmp/t/z", "true"),
    ("cp /data/local/tmp/t/a.txt /data/local/tmp/t/a.txt", "true"),
    ("cp -n /data/local/tmp/t/a.txt /data/local/tmp/t/b.log", "cat /data/local/tmp/t/b.log"),
    ("cp -v /data/local/tmp/t/a.txt /data/local/tmp/t/z", "cat /data/local/tmp/t/z"),
    ("mkdir -v /data/local/tmp/t/v", "true"),
    ("rm -v /data/local/tmp/t/.hidden", "ls -A /data/local/tmp/t"),
    ("mv /data/local/tmp/t/a.txt /data/local/tmp/t/moved", "ls -l /data/local/tmp/t"),
    ("mv /data/local/tmp/t/a.txt /data/local/tmp/t/sub", "ls /data/local/tmp/t/sub"),
    ("mv /data/local/tmp/t/sub /data/local/tmp/t/renamed", "find /data/local/tmp/t/renamed"),
    ("mv /data/local/tmp/t/nope /data/local/tmp/t/z", "true"),
    ("mv /data/local/tmp/t/sub /data/local/tmp/t/sub/deep", "true"),
    ("find /data/local/tmp/t/sub -name '*.txt' -delete", "find /data/local/tmp/t/sub"),
    ("echo new > /sdcard/Download/made.txt", "cat /data/media/0/Download/made.txt"),
    ("sort -o /data/local/tmp/t/sorted /data/local/tmp/t/b.log", "cat /data/local/tmp/t/sorted"),
    ("sed -i 's/hello/bye/' /data/local/tmp/t/a.txt", "cat /data/local/tmp/t/a.txt"),
    ("echo hi | tee /data/local/tmp/t/x /data/local/tmp/t/y", "cat /data/local/tmp/t/x /data/local/tmp/t/y"),
    ("echo hi | tee -a /data/local/tmp/t/a.txt", "cat /data/local/tmp/t/a.txt"),
    ("truncate -s 3 /data/local/tmp/t/b.log", "cat /data/local/tmp/t/b.log"),
    ("truncate -s +2 /data/local/tmp/t/x", "wc -c /data/local/tmp/t/x"),
    ("unlink /data/local/tmp/t/a.txt", "ls /data/local/tmp/t"),
    ("mktemp -p /data/local/tmp/t XXXXXX | wc -c", "find /data/local/tmp/t -name 'tmp*' -o -maxdepth 1 -type f "
     "-name '??????' -exec stat -c '%a %s' {} \\;"),
    ("mktemp -d /data/local/tmp/t/dXXXXXX | wc -c", "find /data/local/tmp/t -maxdepth 1 -name 'd*' -exec stat -c "
     "%A {} \\;"),
]


@pytest.mark.parametrize(("change", "show"), CHANGING)
def test_changing_lines_match_android(fresh: Pair, change: str, show: str) -> None:
    _same(fresh, change)
    _same(fresh, show)


AS_SHELL = [
    "ls /data/data",
    "stat -c '%A %U %G' /data/data",
    "ls /data/data/com.android.providers.telephony",
    "cat /data/data/com.android.providers.telephony/databases/mmssms.db",
    "stat -c '%U %G %a' /data/data/com.android.providers.telephony",
    "rm -r /data/data/com.android.providers.telephony",
    "find /data/data/com.android.providers.telephony",
    "mkdir /data/x",
    "touch /data/x",
    "ls /data/local/tmp",
    "touch /data/local/tmp/n && stat -c '%U %G %a %s' /data/local/tmp/n",
    "mkdir /data/local/tmp/d && stat -c '%U %G %a' /data/local/tmp/d",
    "cp /data/local/tmp/t/a.txt /data/local/tmp/c && stat -c '%U %G %a' /data/local/tmp/c",
    "rm /data/local/tmp/t/a.txt && ls /data/local/tmp/t",
    "chmod 600 /data/local/tmp/t/b.log && stat -c %a /data/local/tmp/t/b.log",
    "chown root /data/local/tmp/t/b.log",
    "chmod 777 /data/data",
    "id -u", "id -un", "id -G", "id -Gn", "whoami",
]


@pytest.mark.parametrize("line", AS_SHELL)
def test_shell_user_lines_match_android(fresh: Pair, line: str) -> None:
    """As adbd's shell user (uid 2000 with adbd's groups): app data is out of reach, ``/data/local/tmp`` is its."""
    fresh.copy_from_phone("/data/data/com.android.providers.telephony")
    for path in SEED:
        if path.startswith("/data/local/tmp/"):
            fresh.phone.system.fs.chown(path, "2000:2000")
    fresh.phone.system.fs.chown("/data/local/tmp/t", "2000:2000")
    for folder in ("/data/local/tmp/t", "/data/local/tmp/t/a.txt", "/data/local/tmp/t/b.log"):
        fresh._mirror(folder)
    android, sim = fresh.both(line, uid=2000)
    assert sim.text() == android.text(), line


# -- where the simulator differs on purpose: the format is compared --------------------------------------------


def test_inode_numbers_are_the_hosts_so_only_their_place_is_compared(seeded: Pair) -> None:
    """``ls -i``: inode numbers come from the host's file system on both sides (not the same files)."""
    android, sim = seeded.both("ls -i /data/local/tmp/t")
    strip = lambda text: re.sub(r"^ *\d+ ", "N ", text, flags=re.M)  # noqa: E731
    assert strip(sim.out.decode()) == strip(android.out.decode())


def test_find_walks_folders_in_name_order(seeded: Pair) -> None:
    """toybox walks folders in the order the kernel lists them (ext4's hash order); the simulator in name order.
    The same paths come out."""
    android, sim = seeded.both("find /data/local/tmp/t")
    assert sorted(sim.out.decode().splitlines()) == sorted(android.out.decode().splitlines())
    assert sim.out.decode().splitlines() == sorted(sim.out.decode().splitlines())


def test_id_lists_adbds_groups(seeded: Pair) -> None:
    """adbd keeps its supplementary groups after ``adb root`` (the chroot runs with root's alone)."""
    android, sim = seeded.both("id")
    assert android.out.decode().startswith("uid=0(root) gid=0(root) groups=0(root)")
    assert sim.out.decode().startswith("uid=0(root) gid=0(root) groups=0(root),1004(input),1007(log),1011(adb),")
    assert sim.out.decode().endswith(" context=u:r:su:s0\n")


def test_folders_keep_their_access_time_when_listed(fresh: Pair) -> None:
    """Android mounts ``/data`` noatime, the host relatime: listing a folder there moves its access time, not on
    the phone. AndroidWorld's ``ls DIR -ll -au`` reads the lines of files, which agree."""
    android, sim = fresh.both("ls /data/local/tmp/t -ll -au")
    files = [line for line in android.out.decode().splitlines() if line.startswith("-")]
    assert [line for line in sim.out.decode().splitlines() if line.startswith("-")] == files
    dot = next(line for line in sim.out.decode().splitlines() if line.endswith(" ."))
    assert "2023-10-10 12:00:00.000000000 +0000" in dot


def test_shared_storage_files_are_the_fuse_daemons() -> None:
    """A file made in shared storage, by anyone, is ``u0_a158 media_rw`` ``-rw-rw----`` there: MediaProvider's
    FUSE daemon makes it (a plain file system keeps the maker and the umask)."""
    with SimDevice() as phone:
        phone.shell("echo new > /sdcard/Download/made.txt; mkdir /sdcard/Download/d")
        out = phone.shell("ls -l /sdcard/Download")
    assert "-rw-rw---- 1 u0_a158 media_rw    4 2023-10-15 15:34 made.txt" in out
    assert "drwxrws--- 2 u0_a158 media_rw 4096 2023-10-15 15:34 d" in out


def test_chmod_in_shared_storage_succeeds_and_changes_nothing() -> None:
    """MediaProvider's FUSE daemon answers a mode change with success and keeps ``-rw-rw----`` (``pf_setattr``):
    AndroidWorld chmods what it pushes to /sdcard as the shell user, and its setup goes on."""
    with SimDevice() as phone:
        phone.write_file("/sdcard/Download/task.html", b"<html/>")
        out, err, status = phone.shell_streams("chmod 777 /storage/emulated/0/Download/task.html && ls -l "
                                               "/sdcard/Download/task.html", caller=Caller(uid=2000))
    assert (err, status) == (b"", 0)
    assert out.decode().startswith("-rw-rw---- 1 u0_a158 media_rw")


def test_stat_default_format(seeded: Pair) -> None:
    """``stat FILE``'s layout is toybox's; the device is the phone's userdata (253:5, ``fd05h``), the inode the
    host's file's, and the change time cannot be set on the host (access times move there: relatime)."""
    android, sim = seeded.both("stat /data/local/tmp/t/sub")
    mask = re.compile(r"(Device: )\S+(\t Inode: )\d+|^(Access|Change): \d.*$", re.M)
    assert mask.sub(r"\1\2\3", sim.out.decode()) == mask.sub(r"\1\2\3", android.out.decode())
    assert "Device: fd05h/64773d\t" in sim.out.decode()


def test_as_user_helpers_for_redirections() -> None:
    """What ``> FILE`` and ``< FILE`` need: the kernel's answer for adbd's user."""
    from mobileagent_sim.toybox import read_as_user, write_as_user

    with SimDevice() as phone:
        sh = phone._shell
        write_as_user(sh, "/data/local/tmp/f", b"a\n")
        write_as_user(sh, "/data/local/tmp/f", b"b\n", append=True)
        assert read_as_user(sh, "/data/local/tmp/f") == b"a\nb\n"
        sh.uid = 2000
        with pytest.raises(PermissionError):
            write_as_user(sh, "/data/data/x", b"")
        with pytest.raises(IsADirectoryError):
            read_as_user(sh, "/data/local/tmp")
        with pytest.raises(FileNotFoundError):
            write_as_user(sh, "/data/local/tmp/no/f", b"")


def test_df_shows_an_emulators_partitions_in_toyboxs_columns(seeded: Pair) -> None:
    """Sizes are the emulator's (the host's mean nothing on a phone; the scratch root has no /proc to read them
    from), the header and columns are toybox's (its df run on the host's own /)."""
    import subprocess

    from tests.android_userland import TOYBOX

    host = subprocess.run([TOYBOX, "df", "/"], capture_output=True, text=True, check=True).stdout.splitlines()
    sim = seeded.run_sim("df /data")
    assert sim.status == 0 and sim.err == b""
    lines = sim.out.decode().splitlines()
    assert lines[0].split() == host[0].split()
    row = lines[1].split()
    assert row[0] == "/dev/block/dm-5" and row[-1] == "/data" and row[4].endswith("%")
    assert int(row[2]) + int(row[3]) == int(row[1])


def test_uname_is_the_emulators_kernel(seeded: Pair) -> None:
    android, sim = seeded.both("uname -a")
    assert sim.out.decode().split()[0] == android.out.decode().split()[0] == "Linux"
    assert sim.out.decode().split()[1] == "localhost"
    assert sim.out.decode().rstrip().endswith("x86_64 Toybox") and android.out.decode().rstrip().endswith("Toybox")


# -- AndroidWorld's own parsing ------------------------------------------------------------------------------


def test_androidworld_reads_the_date() -> None:
    """``datetime_utils.get_device_time``: ``date`` read with ``%a %b %d %H:%M:%S %Z %Y``; set as root with
    ``date %m%d%H%M%y.%S``."""
    import datetime as dt

    with SimDevice() as phone:
        phone.shell("date 1005093023.15")
        shown = phone.shell("date").strip()
    assert shown == "Thu Oct  5 09:30:15 UTC 2023"
    assert dt.datetime.strptime(shown, "%a %b %d %H:%M:%S %Z %Y") == dt.datetime(2023, 10, 5, 9, 30, 15)


def test_androidworld_parses_the_long_listing() -> None:
    """``file_utils.get_file_list_with_metadata``: ``ls DIR -ll -au``, lines split in 9, date from parts 5-6."""
    import datetime as dt

    with SimDevice() as phone:
        phone.shell("echo hi > /sdcard/Download/1.txt")
        out = phone.shell("ls /sdcard/Download -ll -au")
    files = []
    for line in out.split("\n"):
        if line.startswith("-"):
            parts = line.split(None, 8)
            files.append((parts[8].strip(), int(parts[4]), dt.datetime.fromisoformat(" ".join(parts[5:7])[:-3])))
    assert [(name, size) for name, size, _ in files] == [("1.txt", 3)]
    assert files[0][2] == dt.datetime(2023, 10, 15, 15, 34)


# -- the file system Android keeps ---------------------------------------------------------------------------


def test_one_storage_under_sdcard_storage_emulated_and_data_media() -> None:
    with SimDevice() as phone:
        phone.shell("echo a > /data/media/0/Download/x.txt")
        assert phone.shell("cat /sdcard/Download/x.txt") == "a\n"
        assert phone.shell("cat /storage/emulated/0/Download/x.txt") == "a\n"
        phone.shell("rm /sdcard/Download/x.txt")
        assert "x.txt" not in phone.shell("ls /data/media/0/Download")
        assert phone.shell("ls /data/media") == "0\n"


def test_times_follow_the_device_clock_and_reads_leave_the_access_time() -> None:
    """Android mounts ``/data`` noatime: a later read leaves the access time at the write's."""
    with SimDevice() as phone:
        phone.shell("echo a > /data/local/tmp/f")
        phone.system.tick(3600)
        phone.shell("cat /data/local/tmp/f")
        phone.shell("echo b >> /data/local/tmp/f")
        out = phone.shell("stat -c '%x|%y|%z' /data/local/tmp/f").strip().split("|")
    accessed, modified, changed = out
    assert accessed.startswith("2023-10-15 15:34:00")
    assert modified.startswith("2023-10-15 16:34:00") and changed == modified


def test_touch_c_m_and_the_change_time() -> None:
    with SimDevice() as phone:
        phone.shell("echo a > /data/local/tmp/f")
        phone.system.tick(60)
        phone.shell("touch -m -d '2020-01-01 00:00' /data/local/tmp/f")
        out = phone.shell("stat -c '%x|%y|%z' /data/local/tmp/f").strip().split("|")
    assert out[0].startswith("2023-10-15 15:34:00") and out[1].startswith("2020-01-01 00:00:00")
    assert out[2].startswith("2023-10-15 15:35:00")


def _as_shell(phone: SimDevice, line: str) -> tuple[str, str, int]:
    phone._shell.uid = 2000
    try:
        out, err, status = phone.shell_streams(line)
    finally:
        phone._shell.uid = 0
    return out.decode(), err.decode(), status


@pytest.mark.parametrize(("line", "error"), [
    ("ls /data/data", "ls: /data/data: Permission denied\n"),
    ("ls /data/user/0", "ls: /data/user/0: Permission denied\n"),
    ("ls /data/user_de/0", "ls: /data/user_de/0: Permission denied\n"),
    ("cat /data/data/com.android.providers.telephony/databases/mmssms.db",
     "cat: /data/data/com.android.providers.telephony/databases/mmssms.db: Permission denied\n"),
    ("rm -r /data/data/com.android.providers.telephony", "rm: /data/data/com.android.providers.telephony: "
     "Permission denied\n"),
    ("ls /data", "ls: /data: Permission denied\n"),
    ("touch /data/data/x", "touch: '/data/data/x': Permission denied\n"),
    ("mkdir /data/system/x", "mkdir: '/data/system/x': Permission denied\n"),
])
def test_the_shell_user_cannot_reach_app_data(line: str, error: str) -> None:
    with SimDevice() as phone:
        out, err, status = _as_shell(phone, line)
        assert (out, err, status) == ("", error, 1)
        assert phone.exists("/data/data/com.android.providers.telephony/databases/mmssms.db") or "mmssms" not in line


def test_the_shell_user_works_in_shared_storage_and_local_tmp() -> None:
    with SimDevice() as phone:
        assert _as_shell(phone, "echo a > /sdcard/Download/s.txt; cat /sdcard/Download/s.txt") == ("a\n", "", 0)
        assert _as_shell(phone, "touch /data/local/tmp/f; ls -l /data/local/tmp")[0].split("\n")[1].split()[2:4] == \
            ["shell", "shell"]
        assert _as_shell(phone, "id -un; whoami; id -u") == ("shell\nshell\n2000\n", "", 0)
        assert _as_shell(phone, "ls -ld /data/data")[0].startswith("drwxrwx--x ")
        assert _as_shell(phone, "date 010100002024")[2] == 1


def test_root_sees_app_data() -> None:
    with SimDevice() as phone:
        out = phone.shell("ls -l /data/data")
    assert "com.android.providers.telephony" in out
    row = next(line for line in out.splitlines() if line.endswith("com.android.providers.telephony"))
    assert row.startswith("drwx------ ")


def test_sleep_moves_the_simulated_clock_in_process_and_waits_for_real_over_the_wire() -> None:
    """In process only the simulated clock moves; a caller that waits for real (adbd over the wire) gets the
    real wait, and the served phone's clock follows real time (the adb server moves it, not ``sleep``)."""
    waited: list[float] = []
    with SimDevice() as phone:
        before = phone.system.clock.now
        phone.shell("sleep 1.5; sleep 1m")
        assert (phone.system.clock.now - before).total_seconds() == 61.5
        before = phone.system.clock.now
        phone.shell_streams("sleep 1.5; usleep 2000", caller=Caller(wait=waited.append))
        assert phone.system.clock.now == before
    assert waited == [1.5, 0.002]


@pytest.mark.parametrize(("line", "error"), [
    ("ls -Z /", "ls: -Z is not simulated\n"),
    ("sort -V /data/local/tmp/x", "sort: -V is not simulated\n"),
    ("grep --exclude-dir=a -r x /data", "grep: --exclude-dir is not simulated\n"),
    ("cp -u /data/local/tmp/x /data/local/tmp/y", "cp: -u is not simulated\n"),
    ("ln -s /data/local/tmp/x /data/local/tmp/y", "ln: links are not simulated on this phone's file system\n"),
    ("tail -f /data/local/tmp/x", "tail: -f (follow) is not simulated: a file never grows while tail waits\n"),
    ("sed 'y/a/b/' /data/local/tmp/x", "sed: command 'y' is not simulated\n"),
])
def test_options_the_simulator_does_not_carry_out_are_refused(line: str, error: str) -> None:
    """An option toybox has but the simulator does not carry out is an error naming it, never ignored."""
    with SimDevice() as phone:
        phone.shell("echo a > /data/local/tmp/x")
        out, err, status = phone.shell_streams(line)
    assert (out, err.decode(), status != 0) == (b"", error, True)


def test_system_bin_holds_what_the_shell_can_run() -> None:
    """``/system/bin`` of the read-only image: toybox's applets are links to toybox, other programs files of
    root:shell; reading them is refused (their bytes are not simulated)."""
    with SimDevice() as phone:
        out = phone.shell("ls -l /system/bin/ls /system/bin/am")
        assert out == ("-rwxr-xr-x 1 root shell 4096 2009-01-01 00:00 /system/bin/am\n"
                       "lrwxr-xr-x 1 root shell    6 2009-01-01 00:00 /system/bin/ls -> toybox\n")
        names = phone.shell("ls /system/bin").split()
        assert {"am", "pm", "ls", "sh", "toybox", "grep"} <= set(names) and "cd" not in names
        assert phone.shell_streams("cat /system/bin/am")[2] == 1
        assert phone.shell("timeout 1 cat /data/local/tmp/nope; echo $?").endswith("1\n")
        assert phone.shell_streams("ls /system/bin/nope")[2] == 1


def test_relative_paths_are_from_the_shells_folder() -> None:
    """Every command takes a relative path from the shell's working folder (``cd`` sets it)."""
    with SimDevice() as phone:
        line = ("cd /data/local/tmp && mkdir -p d/e && echo hi | tee d/f >/dev/null && touch g && cp d/f h && "
                "mv h d/e/ && ls -R . && cat d/e/h && find . -name h && stat -c %n ./g && rm -r d && ls")
        out, err, status = phone.shell_streams(line)
    assert (err, status) == (b"", 0)
    assert out.decode() == (".:\nd\ng\n\n./d:\ne\nf\n\n./d/e:\nh\nhi\n./d/e/h\n./g\ng\n")


def test_ps_pgrep_pkill() -> None:
    """Android's ``ps`` columns; ``-u shell`` (uiautomator2's demo tests look for their server there), ``-o``,
    ``-ef``; pgrep finds an app's process and pkill stops it as ``am force-stop`` does."""
    with SimDevice() as phone:
        phone.start_app("com.android.settings")
        assert phone.shell("ps -A").splitlines()[0].split() == ["USER", "PID", "PPID", "VSZ", "RSS", "WCHAN",
                                                                "ADDR", "S", "NAME"]
        assert "system_server" in phone.shell("ps -A")
        assert _as_shell(phone, "ps -u shell")[0].split("\n")[1].split()[0] == "shell"
        assert phone.shell("ps -o pid,name -p 1") == "  PID NAME                       \n    1 init\n"
        pid = phone.shell("pgrep -x com.android.settings").strip()
        assert pid.isdigit() and phone.shell("pidof com.android.settings").strip() == pid
        assert _as_shell(phone, "pkill com.android.settings")[2] == 1
        assert phone.shell_streams("pkill com.android.settings")[2] == 0
        assert phone.shell_streams("pgrep com.android.settings") == (b"", b"", 1)
        assert phone.shell_streams("ps -k pid")[1] == b"ps: -k is not simulated\n"


def test_which_finds_the_registered_commands_in_system_bin() -> None:
    with SimDevice() as phone:
        assert phone.shell_streams("which ls am sqlite_nope") == (b"/system/bin/ls\n/system/bin/am\n", b"", 1)


def test_snapshots_keep_modes_and_times() -> None:
    with SimDevice() as phone:
        phone.shell("echo a > /data/local/tmp/f; chmod 600 /data/local/tmp/f")
        phone.snapshot_save("s")
        before = phone.shell("ls -l /data/local/tmp; stat -c '%x %y' /data/local/tmp/f")
        phone.system.tick(600)
        phone.shell("chmod 777 /data/local/tmp/f; echo b >> /data/local/tmp/f; touch /data/local/tmp/g")
        phone.snapshot_load("s")
        assert phone.shell("ls -l /data/local/tmp; stat -c '%x %y' /data/local/tmp/f") == before


def test_network_commands_show_the_emulators_wlan0() -> None:
    with SimDevice() as phone:
        assert "inet addr:10.0.2.16  Bcast:10.0.2.255  Mask:255.255.255.0" in phone.shell("ifconfig wlan0")
        assert "inet 10.0.2.16/24 brd 10.0.2.255 scope global wlan0" in phone.shell("ip addr show wlan0")
        assert phone.shell("ip route").startswith("10.0.2.0/24 dev wlan0 proto kernel scope link src 10.0.2.16")
        assert phone.shell("hostname") == "localhost\n"


def test_env_lists_adbds_environment_and_what_was_exported() -> None:
    """adbd's ``shell_service.cpp`` adds the user's ``USER``, ``LOGNAME``, ``SHELL`` and ``HOSTNAME`` to init's
    environment; ``env`` shows exported variables only, not mksh's own (``IFS``, ``PS1``, ``PPID``...)."""
    with SimDevice() as phone:
        out, _err, _status = phone.shell_streams("echo $USER $LOGNAME $HOME; env; X=1; export Y=2; env",
                                                 caller=Caller(uid=2000))
        lines = out.decode().splitlines()
        assert lines[0] == "shell shell /"
        assert "USER=shell" in lines and "ANDROID_ART_ROOT=/apex/com.android.art" in lines and "Y=2" in lines
        assert not any(line.startswith(("IFS=", "PS1=", "PPID=", "X=")) for line in lines)
        assert phone.shell("echo $USER") == "root\n"


def test_su_runs_a_program_as_another_user() -> None:
    """The userdebug image's ``/system/xbin/su`` (``system/extras/su``): the shell user becomes root (or WHO) for
    one program, run without a shell; no program runs ``sh`` on the line's input."""
    shell = Caller(uid=2000)
    with SimDevice() as phone:
        def run(line: str, stdin: bytes = b"") -> tuple[str, str, int]:
            out, err, status = phone.shell_streams(line, stdin, caller=shell)
            return out.decode(), err.decode(), status

        assert run("su 0 id -u") == ("0\n", "", 0)
        assert run("su root ls /data/data")[2] == 0 and run("ls /data/data")[2] == 1
        assert run("su 0 sh -c 'id -un; whoami'")[0] == "root\nroot\n"
        assert run("su", b"id -u\n")[0] == "0\n"
        assert run("which su") == ("/system/xbin/su\n", "", 0)
        assert run("su 0 cd /") == ("", "su: failed to exec cd: No such file or directory\n", 1)
        assert run("su nobody-at-all id") == ("", "su: invalid uid/gid 'nobody-at-all'\n", 1)
