"""The one exception of the address guard: a hop (or the proxy it would go through) Sweepy will not send."""


class Refused(Exception):
    """A hop Sweepy will not send: `reason` is the verdict word, `detail` one line for the reader. `proxy` is
    True when the proxy, not the target, is what was refused (its address, its answer to CONNECT, its URL)."""

    def __init__(self, reason: str, detail: str, *, proxy: bool = False) -> None:
        super().__init__(detail)
        self.reason = reason
        self.detail = detail
        self.proxy = proxy
