"""The documentation site at /docs/: the files ``make docs`` (MkDocs) built into ``DOCS_ROOT``.

The pages are static, so they are served as files, with a Last-Modified date for
conditional requests. MkDocs' theme puts two small inline scripts in every page; rather than
allowing inline script, each HTML page is sent with a Content-Security-Policy that names the
SHA-256 of exactly the inline scripts it holds. A site that was never built answers 404 and
says which command builds it.
"""

from __future__ import annotations

import base64
import hashlib
import mimetypes
import re
from pathlib import Path

from django.conf import settings
from django.http import (
    FileResponse,
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseNotModified,
    HttpResponseRedirect,
)
from django.utils.http import http_date
from django.views.decorators.http import require_safe
from django.views.static import was_modified_since

INLINE_SCRIPT = re.compile(rb"<script>(.*?)</script>", re.DOTALL)


def _policy(html: bytes) -> str:
    hashes = " ".join(
        "'sha256-" + base64.b64encode(hashlib.sha256(body).digest()).decode() + "'"
        for body in sorted(set(INLINE_SCRIPT.findall(html)))
    )
    directives = {**settings.CONTENT_SECURITY_POLICY}
    directives["script-src"] = f"{directives['script-src']} {hashes}".strip()
    return "; ".join(f"{name} {value}" for name, value in directives.items())


def _html(target: Path, status: int = 200) -> HttpResponse:
    body = target.read_bytes()
    response = HttpResponse(body, status=status, content_type="text/html; charset=utf-8")
    response["Content-Security-Policy"] = _policy(body)
    return response


def _exists(target: Path, kind: str) -> bool:
    try:
        return target.is_dir() if kind == "dir" else target.is_file()
    except (OSError, ValueError):  # a name too long, a NUL byte
        return False


@require_safe
def docs(request: HttpRequest, path: str = "") -> HttpResponse:
    root = Path(settings.DOCS_ROOT).resolve()
    if not (root / "index.html").is_file():
        raise Http404("The guides are not built: run `make docs`.")
    try:
        target = (root / path).resolve()
    except (OSError, ValueError):  # a NUL byte, a name too long
        raise Http404("No such page.") from None
    if not target.is_relative_to(root):
        raise Http404("No such page.")
    if _exists(target, "dir"):
        if path and not path.endswith("/"):
            return HttpResponseRedirect(request.path + "/")
        target = target / "index.html"
    if not _exists(target, "file"):
        missing = root / "404.html"
        if missing.is_file():
            return _html(missing, status=404)
        raise Http404("No such page.")
    stat = target.stat()
    if not was_modified_since(request.META.get("HTTP_IF_MODIFIED_SINCE"), stat.st_mtime):
        not_modified = HttpResponseNotModified()
        if target.suffix == ".html":
            # A browser that reloads a page keeps the 304's policy for the cached page: it must
            # name the page's inline scripts too, or the theme stops working after a reload.
            not_modified["Content-Security-Policy"] = _policy(target.read_bytes())
        return not_modified
    if target.suffix == ".html":
        response = _html(target)
    else:
        content_type = mimetypes.guess_type(target.name)[0] or "application/octet-stream"
        response = FileResponse(target.open("rb"), content_type=content_type)
    response["Last-Modified"] = http_date(stat.st_mtime)
    response["Cache-Control"] = "public, max-age=300"
    return response
