"""Reading files Sweepy may not have written itself: bounded reads of regular files, and the one JSON parser.

Every file read back (sessions, results, state, caches, profiles, resumes, feeds) may have been edited, swapped
for a FIFO or grown to gigabytes, and every JSON text may hold NaN or be nested past the parser's recursion: the
helpers here turn each of those into a clear error of the caller's type. Where a read must also stay inside a
folder as it was checked, sweepy.store.files.read_in_real_dir wraps them.
"""

import json
import math
import os
import stat
import sys
from pathlib import Path
from typing import Any, BinaryIO

from ..errors import StorageError, SweepyError

MAX_DATA_BYTES = 50_000_000
"""A session or result file read back (20,000 cards take about 30 MB)."""
MAX_STATE_BYTES = 1_000_000
"""state.json holds one path: anything near this size is not Sweepy's."""


def open_regular(path: Path, what: str, max_bytes: int, error: type[SweepyError] = StorageError) -> BinaryIO:
    """`path` opened for reading if it is a regular file of at most `max_bytes`; else `error` saying why.

    Opened non-blocking and checked with fstat on the open descriptor: a FIFO (or a device) named like a
    session or result file would otherwise block the read tools forever, and a check before open could be
    raced. FileNotFoundError is left to the caller (a missing session is not an error).
    """
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise error(
            f"{what} {path} cannot be read ({exc.strerror or exc}). Check the file and its permissions."
        ) from None
    return regular_descriptor(fd, path, what, max_bytes, error)


def regular_descriptor(fd: int, path: Path, what: str, max_bytes: int, error: type[SweepyError]) -> BinaryIO:
    """The open descriptor `fd` as a file, if it is a regular file of at most `max_bytes` (else closed)."""
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise error(
                f"{what} {path} is not a regular file (it is a {_kind(info.st_mode)}); Sweepy reads only regular "
                "files. Replace it with a regular file or remove it."
            )
        if info.st_size > max_bytes:
            raise error(f"{what} {path} is {info.st_size} bytes; the limit is {max_bytes} bytes. Use a smaller file.")
        os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


FileIdentity = tuple[int, int, int, int]


def file_identity(path: Path) -> FileIdentity | None:
    """(device, inode, size, mtime in ns), or None when the file is gone: what caches of parsed files are keyed
    by. Sweepy's writes replace a file (a new inode), so another process's write changes it."""
    try:
        st = path.stat()
    except OSError:
        return None
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)


def read_regular(path: Path, what: str, max_bytes: int, error: type[SweepyError] = StorageError) -> bytes:
    """The bytes of a regular file (see open_regular), never more than `max_bytes` even if it grows."""
    return read_opened(open_regular(path, what, max_bytes, error), path, what, max_bytes, error)


def read_opened(opened: BinaryIO, path: Path, what: str, max_bytes: int, error: type[SweepyError]) -> bytes:
    """All of the file `opened` (closed after), never more than `max_bytes` even if it grows while read."""
    with opened as handle:
        try:
            data = handle.read(max_bytes + 1)
        except OSError as exc:
            raise error(f"{what} {path} cannot be read ({exc.strerror or exc}).") from None
    if len(data) > max_bytes:
        raise error(f"{what} {path} is larger than {max_bytes} bytes (it grew while read). Use a smaller file.")
    return data


class NonFiniteNumber(ValueError):
    """JSON text holding NaN, Infinity or a number too large for a float: Python accepts them, JSON does not."""


def _no_constant(token: str) -> Any:
    raise NonFiniteNumber(f"it holds {token}, which is not a number JSON allows")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise NonFiniteNumber(f"it holds {text[:40]}, a number too large for a float")
    return value


def _whole_number(text: str) -> int:
    """An integer; one past Python's conversion limit (4,300 digits) is said in words, not as a ValueError
    advising sys.set_int_max_str_digits."""
    digits = len(text.lstrip("-"))
    if digits > sys.get_int_max_str_digits() > 0:
        raise NonFiniteNumber(f"it holds a number {digits:,} digits long, longer than any value Sweepy keeps")
    return int(text)


class TooDeep(ValueError):
    """JSON text nested deeper than Python's parser can follow (json.loads raises RecursionError)."""


_DECODER = json.JSONDecoder(parse_constant=_no_constant, parse_float=_finite_float, parse_int=_whole_number)
"""The one decoder of loads_finite: json.loads given hooks builds a decoder per call, a quarter of the time of
parsing a feed line (its C scanner keeps no state between calls but a key memo it clears after each)."""


def loads_finite(text: str | bytes) -> Any:
    """json.loads, but NaN and Infinity (which it accepts, and which then reach answers as bare `NaN`) and
    overflowing numbers raise NonFiniteNumber, and nesting too deep to parse raises TooDeep (a ValueError, as
    every other reason the text is not usable JSON is)."""
    try:
        if isinstance(text, str) and not text.startswith("\ufeff"):  # else json.loads decodes bytes, refuses a BOM
            return _DECODER.decode(text)
        return json.loads(text, parse_constant=_no_constant, parse_float=_finite_float, parse_int=_whole_number)
    except RecursionError:
        raise TooDeep("it is nested too deeply (arrays or objects thousands of levels inside each other)") from None


def _kind(mode: int) -> str:
    kinds = ((stat.S_ISFIFO, "FIFO"), (stat.S_ISDIR, "folder"), (stat.S_ISSOCK, "socket"), (stat.S_ISCHR, "device"))
    return next((name for test, name in kinds if test(mode)), "special file")
