"""The unit in contrib/ under a real systemd: started, reloaded and restarted by its watchdog.

Run as root on a Linux machine with systemd installed (it need not be running): the drill boots
a private systemd as PID 1 of a new PID and mount namespace (``unshare``), with tmpfs on /run,
/tmp and /var/tmp, into an empty target, with the units that clean or set up a machine masked
(systemd-tmpfiles would otherwise empty the host's /tmp), so the host is untouched. It checks, with a
telnet client from outside, what docs/admin-guide.md ("Running it under systemd") promises:

1. ``systemctl start``: the unit is ``active`` only after the game says READY=1, and a player
   can log in;
2. ``systemctl reload`` (ExecReload = ``champions-mush reload``): the same player stays
   connected, the main PID is the same, and the game answers him on the new code;
3. a stalled loop (the game stopped with SIGSTOP, so no WATCHDOG=1 comes): systemd kills it
   when WatchdogSec runs out and starts it again (``NRestarts=1``, a new main PID), and the
   player can log in again.

    sudo python bench/systemd_drill.py [--watchdog 4]

Prints each step with what systemd said, and exits 1 at the first step that fails (77 when the
machine cannot boot systemd in a namespace at all). tests/e2e/test_systemd_notify.py runs it.
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CANNOT = 77  # the exit status when this machine cannot run the drill at all
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tests.e2e.helpers import Client, champions_mush_command, free_port

SYSTEMD = Path("/lib/systemd/systemd")
MASKED = ("systemd-tmpfiles-setup.service", "systemd-tmpfiles-setup-dev.service",
          "systemd-tmpfiles-clean.service", "systemd-tmpfiles-clean.timer", "systemd-udevd.service",
          "systemd-udev-trigger.service", "systemd-remount-fs.service", "systemd-sysctl.service",
          "systemd-modules-load.service", "systemd-random-seed.service", "systemd-logind.service")


def unit_text(data_dir: Path, port: int, watchdog: int) -> str:
    """contrib/champions-mush.service with this machine's paths, root as the user, a short watchdog."""
    command = " ".join(champions_mush_command())
    keep = []
    for line in (ROOT / "contrib" / "champions-mush.service").read_text().splitlines():
        key = line.split("=", 1)[0]
        if key in ("User", "Group", "After", "Wants", "ProtectHome"):
            continue
        if line == "[Unit]":
            keep += [line, "DefaultDependencies=no"]  # booted alone: pull in nothing of the machine's
            continue
        if key == "WorkingDirectory":
            line = f"WorkingDirectory={ROOT}"
        elif key == "ExecStart":
            line = f"ExecStart={command} serve --host 127.0.0.1 --port {port} --data-dir {data_dir}"
        elif key == "ExecReload":
            line = f"ExecReload={command} reload --data-dir {data_dir}"
        elif key == "WatchdogSec":
            line = f"WatchdogSec={watchdog}"
        elif key == "ReadWritePaths":
            line = f"ReadWritePaths={data_dir}"
        keep.append(line)
    return "\n".join(keep) + "\n"


class Namespace:
    """A systemd booted as PID 1 of its own PID and mount namespace, reached with nsenter."""

    def __init__(self, unit: Path) -> None:
        # Private /run, /tmp and /var/tmp, nothing booted but the game's unit, and the units that
        # clean or set up the machine masked: the host's /tmp must never be emptied by this systemd.
        masks = " ".join(f"/run/systemd/system/{name}" for name in MASKED)
        boot = (f"mount -t tmpfs tmpfs /run && mount -t tmpfs tmpfs /tmp && mount -t tmpfs tmpfs /var/tmp && "
                f"mkdir -p /run/systemd/system && cp {unit} /run/systemd/system/ && "
                f"printf '[Unit]\\nDefaultDependencies=no\\n' > /run/systemd/system/drill.target && "
                f"for m in {masks}; do ln -s /dev/null $m; done && "
                f"exec {SYSTEMD} --system --unit=drill.target --log-target=null")
        self.proc = subprocess.Popen(["unshare", "--fork", "--pid", "--mount", "--mount-proc",
                                      "--propagation", "private", "sh", "-c", boot],
                                     stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL, start_new_session=True)
        self.pid = self._init_pid()
        deadline = time.monotonic() + 60
        while "Failed to connect" in self.systemctl("show", "-p", "Version") and time.monotonic() < deadline:
            time.sleep(0.2)  # systemd is up but its private socket is not yet

    def _init_pid(self) -> int:
        """The host's PID of the namespace's PID 1 (systemd), once it has exec'd."""
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            for child in Path(f"/proc/{self.proc.pid}/task/{self.proc.pid}/children").read_text().split():
                if Path(f"/proc/{child}/exe").resolve() == SYSTEMD.resolve():
                    return int(child)
            time.sleep(0.1)
        print("systemd did not boot in a namespace on this machine", flush=True)
        raise SystemExit(CANNOT)

    def systemctl(self, *args: str) -> str:
        done = subprocess.run(["nsenter", "-t", str(self.pid), "-m", "-p", "systemctl", *args],
                              capture_output=True, text=True, timeout=60, check=False)
        return (done.stdout + done.stderr).strip()

    def show(self, prop: str) -> str:
        return self.systemctl("show", "-p", prop, "--value", "champions-mush")

    def wait(self, prop: str, want: str, seconds: float) -> str:
        deadline, got = time.monotonic() + seconds, ""
        while time.monotonic() < deadline:
            got = self.show(prop)
            if got == want:
                return got
            time.sleep(0.2)
        return got

    def stop(self) -> None:
        os.kill(self.pid, signal.SIGKILL)  # PID 1 of the namespace: everything in it goes too
        self.proc.wait(30)


def host_pid(ns_pid: str, ns: Namespace) -> int:
    """The host's PID of a process the namespace knows as ``ns_pid``."""
    for proc in Path("/proc").iterdir():
        if proc.name.isdigit():
            try:
                status = (proc / "status").read_text()
            except OSError:
                continue
            line = next((x for x in status.splitlines() if x.startswith("NSpid:")), "")
            fields = line.split()[1:]
            if len(fields) == 2 and fields[1] == ns_pid \
                    and os.readlink(f"/proc/{proc.name}/ns/pid") == os.readlink(f"/proc/{ns.pid}/ns/pid"):
                return int(proc.name)
    raise SystemExit(f"no host process for namespace pid {ns_pid}")


def step(ok: bool, what: str) -> None:
    print(("ok    " if ok else "FAIL  ") + what, flush=True)
    if not ok:
        raise SystemExit(1)


def login(port: int, name: str, create: bool) -> Client:
    client = Client(port)
    client.expect("QUIT")
    client.send(f"{'create' if create else 'connect'} {name} secret1")
    client.expect(f"Welcome to Champions MUSH, {name}!")
    return client


def drill(watchdog: int) -> None:
    Path("/var/lib/champions-mush-drill").mkdir(exist_ok=True)  # not /tmp: private in the namespace
    work = Path(tempfile.mkdtemp(prefix="drill-", dir="/var/lib/champions-mush-drill"))
    data, port = work / "game", free_port()
    data.mkdir()
    (data / "config.yaml").write_text("password_cost: 1024\nweb_port: 0\ncreates_per_address_per_day: 0\n")
    unit = work / "champions-mush.service"
    unit.write_text(unit_text(data, port, watchdog))
    ns = Namespace(unit)
    try:
        print(f"systemd {ns.systemctl('--version').splitlines()[0]} booted as pid 1 of a namespace "
              f"(host pid {ns.pid}); game on 127.0.0.1:{port}", flush=True)
        started = time.monotonic()
        ns.systemctl("start", "champions-mush")  # Type=notify: returns once READY=1 came
        state = ns.show("ActiveState")
        step(state == "active", f"systemctl start -> {state} after {time.monotonic() - started:.1f} s "
                                f"(StatusText: {ns.show('StatusText')!r})")
        pid = ns.show("MainPID")
        ann = login(port, "Ann", create=True)
        step(True, f"Ann logged in over telnet (MainPID {pid})")

        ns.systemctl("reload", "champions-mush")
        ann.send("say still here")
        ann.expect('You say, "still here"')
        same = ns.show("MainPID")
        step(same == pid and ns.show("ActiveState") == "active",
             f"systemctl reload -> active, MainPID {same} (was {pid}); Ann still connected and answered")

        os.kill(host_pid(pid, ns), signal.SIGSTOP)  # the loop stalls: no more WATCHDOG=1
        stalled = time.monotonic()
        restarts = ns.wait("NRestarts", "1", watchdog * 4 + 30)
        ns.wait("ActiveState", "active", 60)
        new_pid = ns.show("MainPID")
        step(restarts == "1" and new_pid not in ("0", pid),
             f"loop stalled (SIGSTOP): watchdog restart after {time.monotonic() - stalled:.1f} s, "
             f"NRestarts={restarts}, MainPID {pid} -> {new_pid}")
        again = login(port, "Ann", create=False)
        step(True, "Ann logged in again after the restart")
        again.close()
        ann.close()
    finally:
        ns.stop()
        shutil.rmtree(work, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--watchdog", type=int, default=4, help="WatchdogSec for the drill (default 4)")
    args = parser.parse_args()
    if os.geteuid() != 0 or not SYSTEMD.exists() or not shutil.which("unshare"):
        print("needs root, /lib/systemd/systemd and unshare", flush=True)
        raise SystemExit(CANNOT)
    drill(args.watchdog)


if __name__ == "__main__":
    main()
