"""The benchmarks stay runnable: a small size of each, checking the engine agrees with its reference."""
import subprocess
import sys


def test_pairing_benchmark_runs_and_agrees_with_the_full_graph():
    out = subprocess.run([sys.executable, "-m", "benchmarks.pairing", "--sizes", "16,64", "--repeat", "1"],
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    rows = [line.split() for line in out.stdout.splitlines()[2:]]
    assert [r[0] for r in rows] == ["16", "64"] and all(r[-1] == "True" for r in rows)


def test_ratings_benchmark_runs_and_its_update_equals_recomputing():
    out = subprocess.run([sys.executable, "-m", "benchmarks.ratings", "--people", "60", "--events", "12",
                          "--games", "600"], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr  # the benchmark asserts the update equals the recomputation
    assert "recompute every rating" in out.stdout and "ratio" in out.stdout
