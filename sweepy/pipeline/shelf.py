"""Where a sweep's surviving postings keep their cleaned descriptions: an unnamed temporary file, not memory."""

import tempfile
import threading
import weakref


class DescriptionShelf:
    """Cleaned descriptions as UTF-8 in an unnamed temporary file, each read back by its (offset, length).

    80,000 survivors of 2 KB each held 170 MB of text for the whole sweep, while each stage reads one posting's
    description at a time. The last text read is kept, since a card reads its posting's several times in a row.
    Sources put from their own threads; the file goes when the shelf does (with the last posting that uses it).
    """

    def __init__(self) -> None:
        self._file = tempfile.TemporaryFile()  # noqa: SIM115 (it lives as long as the postings that use it)
        weakref.finalize(self, self._file.close)
        self._end = 0
        self._lock = threading.Lock()
        self._last: tuple[tuple[int, int], str] | None = None
        self._at_end = True

    def put(self, text: str) -> tuple[int, int]:
        data = text.encode("utf-8", "surrogatepass")
        with self._lock:
            if not self._at_end:  # a get moved the file; puts in a row write on where the last one ended
                self._file.seek(self._end)
            self._at_end = False  # until the write is whole: a failed one (a full disk) may have moved the file
            self._file.write(data)
            self._at_end = True
            place = (self._end, len(data))
            self._end += len(data)
        return place

    def get(self, place: tuple[int, int]) -> str:
        with self._lock:
            last = self._last
            if last is not None and last[0] == place:
                return last[1]
            self._file.seek(place[0])
            self._at_end = False
            text = self._file.read(place[1]).decode("utf-8", "surrogatepass")
            self._last = (place, text)
        return text
