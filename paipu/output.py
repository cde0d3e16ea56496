"""Files written whole or not at all: what every command that writes a file uses.

A file is written into a hidden temporary file of the same folder (not named like a log,
so no walk of the folder reads it) and renamed over its name only once complete: a full
disk, an error or Ctrl-C part way leaves no file cut short, and the file's old content,
if it had one, whole.

The temporary file is made as :func:`tempfile.mkstemp` makes one: a name no one can guess
(random letters), created only if nothing has that name (``O_EXCL``) and never through a
symbolic link (``O_NOFOLLOW``), so that a link planted in a folder others can write
cannot turn the write onto another file. Its name fits whatever the file's name is (a
name of 255 bytes, the most a folder takes, included). The file gets the permissions a
plain ``open`` gives: those of the file it replaces, else what the umask leaves of
``rw-rw-rw-`` (not ``mkstemp``'s ``rw-------``).
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from pathlib import Path
from typing import BinaryIO, Iterator

__all__ = ["write_whole", "open_whole"]

_NAME_KEPT = 40
"""The characters of the file's name the temporary file's name begins with (after its
dot), to tell whose it is: 160 bytes at most in UTF-8, so that with the dots, the random
letters and ``.part`` the name stays within the 255 bytes a folder takes."""

_TRIES = 100
"""The random names tried before giving up (each taken only if an attacker, or chance,
made a file of that name first)."""

_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
"""How the temporary file is opened: created new, never an existing file or a link's target."""


def _random_letters() -> str:
    """Eight random hexadecimal letters for a temporary name (what ``secrets.token_hex(4)``
    gives, without importing ``secrets``, ~5 ms of every command's start-up)."""
    return os.urandom(4).hex()


def _create_temporary(path: Path) -> tuple[int, Path]:
    """A new temporary file beside ``path`` (see the module), open for writing: its file
    descriptor and path. Its mode is ``rw-rw-rw-`` less the umask, as a plain ``open``
    would make it (the folder's default ACL applied too)."""
    for _ in range(_TRIES):
        temporary = path.with_name(f".{path.name[:_NAME_KEPT]}.{_random_letters()}.part")
        try:
            return os.open(temporary, _FLAGS, 0o666), temporary
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, f"no free name for a temporary file after {_TRIES} tries", str(path))


def write_whole(path: Path, data: bytes) -> None:
    """Write ``data`` as the file ``path`` whole or not at all (see the module). A path
    that is not a regular file (``/dev/null``, a FIFO) is written as it is: there is
    nothing to rename over. An :class:`OSError` names ``path``, not the temporary file."""
    with open_whole(path) as file:
        file.write(data)


@contextlib.contextmanager
def open_whole(path: Path) -> Iterator[BinaryIO]:
    """A file to write ``path`` with, in pieces, that becomes ``path`` whole at the end of
    the ``with`` block, or not at all if the block ends by an exception (see the module
    and :func:`write_whole`, which writes with it)."""
    try:
        status: os.stat_result | None = os.stat(path)
    except OSError:  # no such file yet (or not to be looked at: the write says why)
        status = None
    if status is not None and not stat.S_ISREG(status.st_mode):
        with open(path, "wb") as file:
            yield file
        return
    temporary = None
    try:
        descriptor, temporary = _create_temporary(path)
        with open(descriptor, "wb") as file:
            if status is not None:  # a plain open keeps the permissions of the file it writes over
                os.fchmod(descriptor, status.st_mode & 0o777)
            yield file
        os.replace(temporary, path)
    except BaseException as error:
        if temporary is not None:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
        if isinstance(error, OSError):  # named by the file meant, not the temporary one
            raise OSError(error.errno, error.strerror, str(path)) from None
        raise
