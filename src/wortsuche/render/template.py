"""The one way pages are filled in: ``{{name}}`` placeholders replaced in a single pass.

The offline game file and the web app's pages both use it. A value is inserted as given (the
caller escapes it for its place) and never read again, so text that looks like a placeholder
stays text.
"""

from __future__ import annotations

import re


def fill(template: str, **values: str) -> str:
    """``template`` with each ``{{name}}`` replaced by ``values[name]``, in one pass.

    A value is never read again, so a title holding ``{{instruction}}`` stays as typed.

    >>> fill("<h1>{{title}}</h1><p>{{instruction}}</p>", title="{{instruction}}", instruction="x")
    '<h1>{{instruction}}</h1><p>x</p>'
    """
    return PLACEHOLDER.sub(lambda match: values[match.group(1)], template)


PLACEHOLDER = re.compile(r"\{\{(\w+)\}\}")
