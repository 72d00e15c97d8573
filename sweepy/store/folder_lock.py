"""The lock of a results folder (or the state folder): one writer at a time across threads and processes, held
through the folder's descriptor so a folder swapped for a link is refused, not locked on the other side. The
session store, the breakers and the result files take it."""

import os
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from filelock import FileLock, Timeout

if sys.platform != "win32":
    import fcntl

from ..errors import StorageError, StoreBusy, write_advice
from . import realdirs

LOCK_NAME = ".session.lock"
BUSY = "The results folder {} is busy (another sweep or Sweepy process is writing to it). Try again in a moment."
_thread_locks: dict[Path, threading.RLock] = {}
_thread_locks_guard = threading.Lock()
_held = threading.local()  # this thread's OS locks: folder -> (descriptor, depth)


@contextmanager
def folder_lock(folder: Path, timeout: float = 30.0) -> Iterator[None]:
    """The results folder's OS lock (reentrant in one thread, exclusive across threads and processes).

    The lock file is opened inside the folder's descriptor without following links (realdirs.open_real_dir), so
    a results folder swapped for a symlink cannot make Sweepy create it elsewhere.
    """
    if not realdirs.DIR_FD_WRITES:
        with _filelock(folder, timeout):
            yield
        return
    with _thread_locks_guard:
        in_process = _thread_locks.setdefault(folder, threading.RLock())
    if not in_process.acquire(timeout=timeout):
        raise StoreBusy(BUSY.format(folder))
    try:
        held: dict[Path, tuple[int, int]] = _held.__dict__.setdefault("folders", {})
        if folder not in held:
            held[folder] = (_os_lock(folder, timeout), 0)
        fd, depth = held[folder]
        held[folder] = (fd, depth + 1)
        try:
            yield
        finally:
            if depth == 0:
                del held[folder]
                os.close(fd)  # closing the descriptor releases the flock
            else:
                held[folder] = (fd, depth)
    finally:
        in_process.release()


def _os_lock(folder: Path, timeout: float) -> int:
    try:
        dir_fd = realdirs.open_real_dir(folder)
        try:
            flags = os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC
            fd = os.open(LOCK_NAME, flags, 0o644, dir_fd=dir_fd)
        finally:
            os.close(dir_fd)
    except OSError as exc:
        raise StorageError(f"The results folder {folder} cannot be used: {write_advice(exc, folder)}.") from None
    deadline = time.monotonic() + timeout
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return fd
        except BlockingIOError:
            if time.monotonic() >= deadline:
                os.close(fd)
                raise StoreBusy(BUSY.format(folder)) from None
            time.sleep(0.05)


@contextmanager
def _filelock(folder: Path, timeout: float) -> Iterator[None]:
    """Where folders cannot be held open (Windows): the lock file by path, in a folder checked before and after
    (realdirs.check_unmoved), so a results folder swapped for a link is refused, not locked on the other side."""
    try:
        realdirs.make_real_dir(folder)
        lock = FileLock(str(folder / LOCK_NAME), timeout=timeout, is_singleton=True, fallback_to_soft=False)
        lock.acquire()
        try:
            realdirs.check_unmoved(folder)
        except BaseException:
            lock.release()
            raise
    except Timeout:
        raise StoreBusy(BUSY.format(folder)) from None
    except OSError as exc:
        raise StorageError(f"The results folder {folder} cannot be used: {write_advice(exc, folder)}.") from None
    try:
        yield
    finally:
        lock.release()
