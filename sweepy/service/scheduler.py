"""The server's scheduler thread: it runs what is due, then sleeps until the next schedule is due or a schedule
of this process changes (added, ended, cancelled), whichever comes first. No polling tick: with the real clock it
sleeps the whole wait (at most MAX_SLEEP, so a machine that slept, or a clock set forward, is noticed within the
hour); with the test clock (SWEEPY_TEST_CLOCK) it re-reads the clock file every FileClock.TICK."""

import logging
import threading
from collections.abc import Callable

from ..errors import SweepyError
from ..settings import FileClock
from .schedules import ScheduleTools

MAX_SLEEP = 3600.0
RETRY_SECONDS = 60.0
"""After a failed look at the store, the next one."""
log = logging.getLogger("sweepy.scheduler")


class Scheduler:
    def __init__(self, service: Callable[[], ScheduleTools]) -> None:
        """`service` makes (or returns) the service the runs go through: called on the scheduler's thread, so the
        server's start does not wait for the pipeline's imports."""
        self._service = service
        self._stopped = threading.Event()

    def start(self) -> threading.Thread:
        """Run on a thread of its own (daemon: it ends with the process)."""
        thread = threading.Thread(target=self.run, name="sweepy-scheduler", daemon=True)
        thread.start()
        return thread

    def stop(self) -> None:
        self._stopped.set()
        service = self._service()
        with service.schedule_changed:
            service.schedule_changed.notify_all()

    def run(self) -> None:
        """Run due schedules and sleep, until stop()."""
        service = self._service()
        while not self._stopped.is_set():
            seen = service.schedule_generation
            due: float | None = None
            try:
                service.run_due()
                due = service.schedules.next_due(service.clock())
            except SweepyError as exc:  # a busy or damaged store: say so, and try again in a minute
                log.warning("scheduled sweeps not run: %s", exc.message)
                due = service.clock() + RETRY_SECONDS
            except Exception:
                log.exception("scheduled sweeps not run")
                due = service.clock() + RETRY_SECONDS
            self._sleep(service, seen, due)

    def _sleep(self, service: ScheduleTools, seen: int, due: float | None) -> None:
        """Until `due`, a change of this process's schedules (generation past `seen`), or stop."""
        tick = FileClock.TICK if isinstance(service.clock, FileClock) else None
        with service.schedule_changed:
            while not self._stopped.is_set() and service.schedule_generation == seen:
                now = service.clock()
                if due is not None and now >= due:
                    return
                left = MAX_SLEEP if due is None else min(MAX_SLEEP, due - now)
                if not service.schedule_changed.wait(tick if tick is not None else left) and tick is None:
                    return  # the real clock: the whole wait passed
