"""One generator worker: reads jobs as JSON lines, makes each puzzle, answers with a JSON line.

Started by ``compiled.py`` (and its test) twice: once importing the package built with mypyc,
once the pure-Python sources, so both run the same jobs in the same kind of process. An answer
holds the time (CPU and wall), a digest of the whole puzzle (its JSON) to compare the two, which
modules were compiled, and the process's peak memory.

    {"words": [...], "rows": 15, "cols": 15, "level": "hard", "seed": 1, "options": {...}}
"""

from __future__ import annotations

import hashlib
import json
import resource
import sys
import time


def main() -> int:
    import wortsuche.grid.board
    from wortsuche import WortsucheError, generate, puzzle_to_json

    compiled = not wortsuche.grid.board.__file__.endswith(".py")
    for line in sys.stdin:
        job = json.loads(line)
        answer: dict[str, object] = {}
        cpu, wall = time.process_time(), time.perf_counter()
        try:
            puzzle = generate(
                job["words"],
                job["rows"],
                job["cols"],
                level=job["level"],
                seed=job["seed"],
                **job.get("options", {}),
            )
        except WortsucheError as error:  # no layout, or options it refuses
            puzzle, answer["error"] = None, str(error)
        answer |= {"cpu": time.process_time() - cpu, "wall": time.perf_counter() - wall}
        if puzzle is not None:
            answer["digest"] = hashlib.sha256(puzzle_to_json(puzzle).encode()).hexdigest()
        answer |= {
            "compiled": compiled,
            "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
        }
        print(json.dumps(answer), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
