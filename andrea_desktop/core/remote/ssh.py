"""Where a remote run is: ``ssh://[user@]host[:port]/path`` addresses, the OpenSSH client's
command line that reaches ``andrea-follow`` there, and the host names of ``~/.ssh/config`` for
completion. The system ``ssh`` is the transport so that every setting of the user's (config,
agent, jump hosts, known hosts) applies as it does for git and rsync."""

from __future__ import annotations

import glob
import os
import re
import shlex
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote

__all__ = ["RemoteTarget", "parse_ssh_url", "ssh_command", "ssh_program", "follow_program", "ssh_config_hosts", "remote_cache_dir", "FOLLOW_PROGRAM", "URL_SCHEME"]

URL_SCHEME = "ssh://"
SSH_COMMAND_ENV = "ANDREA_SSH_COMMAND"
FOLLOW_PROGRAM_ENV = "ANDREA_FOLLOW_PROGRAM"
FOLLOW_PROGRAM = "andrea-follow"
"""The remote entry point (on the remote's ``PATH`` after ``pip install`` of this project)."""
MAX_PATH_CHARS = 4096
_HOST = re.compile(r"\A(?:[A-Za-z0-9_](?:[A-Za-z0-9._-]{0,252})|\[[0-9A-Fa-f:.]{2,45}\])\Z")
_USER = re.compile(r"\A[A-Za-z0-9_][A-Za-z0-9._-]{0,63}\Z")
SSH_OPTIONS = ("-o", "BatchMode=yes", "-o", "ServerAliveInterval=5", "-o", "ServerAliveCountMax=3",
               "-o", "ConnectTimeout=20")
"""No prompt the window could not answer (keys and the agent only; an unknown host key is
refused by ssh, in its own words), and a dead link noticed within about 15 s."""


@dataclass(frozen=True)
class RemoteTarget:
    """A run on another machine: ``host`` (a name ``~/.ssh/config`` may define), ``user`` and
    ``port`` (None: ssh's own choice), ``path`` (absolute, or ``~/...`` from the remote home)."""

    host: str
    path: str
    user: str | None = None
    port: int | None = None

    @property
    def url(self) -> str:
        who = f"{self.user}@" if self.user else ""
        port = f":{self.port}" if self.port else ""
        path = self.path if self.path.startswith("/") else "/" + self.path
        return f"{URL_SCHEME}{who}{self.host}{port}{path}"

    @property
    def label(self) -> str:
        """``host:path`` as the title bar and status bar say it."""
        return f"{self.host}:{self.path}"


def parse_ssh_url(url: str) -> RemoteTarget:
    """``ssh://[user@]host[:port]/path`` as a :class:`RemoteTarget`; ``ssh://host/~/runs/x``
    is a path from the remote home. Percent escapes in the path are decoded.

    Raises
    ------
    ValueError
        Not an ``ssh://`` URL, or a user, host, port or path ssh would misread (an option such
        as ``-oProxyCommand=…``, spaces, control characters, a port outside 1–65535, no path).
    """
    if not isinstance(url, str) or not url.startswith(URL_SCHEME):
        raise ValueError(f"{str(url)[:80]!r} is not an ssh://[user@]host[:port]/path address")
    rest = url[len(URL_SCHEME):]
    authority, slash, path = rest.partition("/")
    if not slash or not path:
        raise ValueError("the address names no run folder: ssh://[user@]host[:port]/path/to/run")
    user = None
    if "@" in authority:
        user, _, authority = authority.rpartition("@")
        if not _USER.match(user):
            raise ValueError(f"{user[:40]!r} is not a user name ssh takes")
    host, port = authority, None
    m = re.match(r"\A(.*?)(?::([0-9]{1,5}))?\Z", authority) if not authority.startswith("[") else \
        re.match(r"\A(\[[^\]]*\])(?::([0-9]{1,5}))?\Z", authority)
    if m:
        host, port_text = m.group(1), m.group(2)
        if port_text is not None:
            port = int(port_text)
            if not 1 <= port <= 65535:
                raise ValueError(f"port {port} is not in 1–65535")
    if not host or not _HOST.match(host):
        raise ValueError(f"{host[:80]!r} is not a host name")
    path = unquote(path)
    path = path if path.startswith("~") else "/" + path
    if len(path) > MAX_PATH_CHARS or any(ord(c) < 32 or 127 <= ord(c) < 160 for c in path):
        raise ValueError("the run folder's path is too long or holds control characters")
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    return RemoteTarget(host, path, user, port)


def ssh_program() -> list[str]:
    """The ssh client and options of its own that the link runs: ``$ANDREA_SSH_COMMAND`` split
    as a shell would (``ssh -F ~/other_config``, as git's ``GIT_SSH_COMMAND``), else ``ssh``."""
    text = os.environ.get(SSH_COMMAND_ENV, "").strip()
    return shlex.split(text) if text else ["ssh"]


def follow_program() -> str:
    """What runs on the remote: ``$ANDREA_FOLLOW_PROGRAM`` (e.g. ``~/venv/bin/andrea-follow``
    when the package is not on the PATH of a non-interactive shell there), else
    ``andrea-follow``."""
    return os.environ.get(FOLLOW_PROGRAM_ENV, "").strip() or FOLLOW_PROGRAM


def _remote_word(word: str) -> str:
    """``word`` quoted for the remote shell; a leading ``~/`` stays outside the quotes (the
    remote shell expands it)."""
    if word.startswith("~/"):
        return "~/" + shlex.quote(word[2:])
    return shlex.quote(word)


def ssh_command(target: RemoteTarget, *args: str, program: str | None = None, ssh: list[str] | None = None) -> list[str]:
    """The argument list that runs ``program args...`` (:func:`follow_program` by default) on
    ``target``'s host through the system OpenSSH client (:func:`ssh_program`, with
    :data:`SSH_OPTIONS`; the user's config, agent, jump hosts and known hosts apply). The remote
    command is quoted for the remote shell; the host comes after ``--``, so it is never read as
    an option."""
    cmd = [*(ssh or ssh_program()), *SSH_OPTIONS]
    if target.port:
        cmd += ["-p", str(target.port)]
    if target.user:
        cmd += ["-l", target.user]
    # quoted for the remote shell (a '~/' path argument stays literal: andrea-follow expands it itself)
    remote = " ".join([_remote_word(program or follow_program()), *(shlex.quote(a) for a in args)])
    return [*cmd, "--", target.host, remote]


def ssh_config_hosts(path: str | Path | None = None, _depth: int = 0) -> list[str]:
    """The host names of ``~/.ssh/config`` (or ``path``) for completion: every name of its
    ``Host`` lines without a wildcard (``*``, ``?``) or negation, and those of the files its
    ``Include`` lines name (two levels deep), sorted, each once. A file that cannot be read
    gives none."""
    path = Path(path) if path is not None else Path.home() / ".ssh" / "config"
    try:
        text = path.read_text(encoding="utf-8", errors="replace")[: 1 << 20]
    except OSError:
        return []
    hosts: set[str] = set()
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        m = re.match(r"\A(\w+)\s*(?:=\s*|\s)\s*(.*)\Z", line)
        if not m:
            continue
        key, value = m.group(1).lower(), m.group(2)
        try:
            words = shlex.split(value, comments=True)
        except ValueError:
            continue
        if key == "host":
            hosts.update(w for w in words if not any(c in w for c in "*?!") and _HOST.match(w))
        elif key == "include" and _depth < 2:
            for pattern in words:
                pattern = str(Path(pattern).expanduser())
                if not Path(pattern).is_absolute():
                    pattern = str(Path.home() / ".ssh" / pattern)
                for f in sorted(glob.glob(pattern))[:64]:
                    hosts.update(ssh_config_hosts(f, _depth + 1))
    return sorted(hosts)


def remote_cache_dir(target: RemoteTarget) -> Path:
    """The local folder a remote run's fetched files land in: ``remote/<host>-<hash>`` of the
    app's cache folder (``$ANDREA_CACHE_DIR``), one per address.

    Raises
    ------
    CorpusError
        The cache folder cannot be created or written.
    """
    import hashlib

    from ..corpus import cache_dir

    safe = re.sub(r"[^A-Za-z0-9._-]", "_", target.host)[:64]
    return cache_dir() / "remote" / f"{safe}-{hashlib.sha256(target.url.encode()).hexdigest()[:12]}"
