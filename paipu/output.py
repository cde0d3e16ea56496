"""Files written whole or not at all: what every command that writes a file uses.

A file is written into a hidden temporary file of the same folder (not named like a log,
so no walk of the folder reads it) and renamed over its name only once complete: a full
disk, an error or Ctrl-C part way leaves no file cut short, and the file's old content,
if it had one, whole.
"""

from __future__ import annotations

import contextlib
import os
import stat
from pathlib import Path

__all__ = ["write_whole"]


def write_whole(path: Path, data: bytes) -> None:
    """Write ``data`` as the file ``path`` whole or not at all (see the module). A path
    that is not a regular file (``/dev/null``, a FIFO) is written as it is: there is
    nothing to rename over. An :class:`OSError` names ``path``, not the temporary file."""
    try:
        special = not stat.S_ISREG(os.stat(path).st_mode)
    except OSError:  # no such file yet (or not to be looked at: the write says why)
        special = False
    if special:
        with open(path, "wb") as file:
            file.write(data)
        return
    temporary = path.with_name(f".{path.name}.{os.getpid()}.part")
    try:
        with open(temporary, "wb") as file:
            file.write(data)
        os.replace(temporary, path)
    except BaseException as error:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        if isinstance(error, OSError):  # named by the file meant, not the temporary one
            raise OSError(error.errno, error.strerror, str(path)) from None
        raise
