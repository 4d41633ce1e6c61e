"""The benchmarks stay runnable: a small size of each, checking the engine agrees with its reference."""
import os
import subprocess
import sys


def test_pairing_benchmark_runs_and_agrees_with_the_full_graph():
    out = subprocess.run([sys.executable, "-m", "benchmarks.pairing", "--sizes", "16,64", "--seeds", "3"],
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    rows = [line.split() for line in lines[1:-1]]
    assert [(r[0], r[1]) for r in rows] == [(n, kind) for n in ("16", "64") for kind in ("level", "random", "skill")]
    assert all("same objective as the reference: met" in line for line in lines[1:-1]), out.stdout
    assert lines[-1] == "Targets: all 6 met.", out.stdout


def test_round_endpoint_benchmark_pairs_round_one_through_the_api():
    out = subprocess.run([sys.executable, "-m", "benchmarks.round_endpoint", "--players", "40"],
                         capture_output=True, text=True, timeout=300, env={**os.environ, "DEBUG": "1"})
    assert out.returncode == 0, out.stderr
    assert "POST /rounds/ for round 1 of 40 players on SQLite (201)" in out.stdout, out.stdout


def test_ratings_benchmark_runs_and_its_update_equals_recomputing():
    out = subprocess.run([sys.executable, "-m", "benchmarks.ratings", "--people", "60", "--events", "12",
                          "--games", "600"], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr  # the benchmark asserts the update equals the recomputation
    assert "recompute every rating" in out.stdout and "ratio" in out.stdout


def test_community_benchmark_runs_on_postgresql():
    """Seeds a small history into a PostgreSQL database of its own and prints every figure beside its
    baseline (skipped where no PostgreSQL answers)."""
    import socket

    import pytest

    try:
        socket.create_connection(("127.0.0.1", 5432), 3).close()
    except OSError:
        pytest.skip("no PostgreSQL on 127.0.0.1:5432")
    out = subprocess.run([sys.executable, "-m", "benchmarks.community", "--people", "120", "--events", "24",
                          "--games", "600", "--repeat", "1",
                          "--database", "postgres://postgres@127.0.0.1:5432/gg_bench_system_test"],
                         capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert sum("baseline" in line and "ratio" in line for line in lines) == 5, out.stdout
    assert lines[-1] in ("every target holds", "some target is missed (see MISSED above)")
