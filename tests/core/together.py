"""Child processes that really race: each says "ready" once loaded, then all are given one start
time to wait for."""

import subprocess
import time


def run_together(commands: list[list[str]], *, timeout: float = 60) -> list[tuple[int, str]]:
    """Run ``commands`` at once (each prints ``ready`` and then waits for a start time read from
    its input); each one's exit code and output after ``ready``, in order."""
    children = [
        subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        for command in commands
    ]
    for child in children:
        assert child.stdout is not None and child.stdout.readline().strip() == "ready"
    start = f"{time.time() + 0.2}\n"
    for child in children:
        assert child.stdin is not None
        child.stdin.write(start)
        child.stdin.flush()
    said = [child.communicate(timeout=timeout)[0] for child in children]
    return [(child.returncode, output) for child, output in zip(children, said, strict=True)]
