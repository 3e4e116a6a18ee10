"""A folder served over HTTP on 127.0.0.1, for pages a browser test needs beside the app: a test
learning platform, or another site that frames the app's pages (another port, another origin)."""

from __future__ import annotations

import functools
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass  # no line on stderr for each file served


@contextmanager
def serve_folder(folder: Path) -> Iterator[str]:
    """Serve ``folder`` on a free port of 127.0.0.1 until the block ends; yields its base URL."""
    handler = functools.partial(_QuietHandler, directory=str(folder))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)
