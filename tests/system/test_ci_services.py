"""CI's second pass on PostgreSQL and Redis is not optional (.ci/services, called by .ci/run): with CI set,
a service that does not answer is started with the machine's own command, and one that still does not
answer fails the run; without CI nothing is started and the answer is only reported."""
import shutil
import socket
import subprocess

import pytest

from tests.processes import ROOT, free_port

SERVICES = ROOT / ".ci" / "services"


def answers(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), 1).close()
        return True
    except OSError:
        return False


def services(**env) -> subprocess.CompletedProcess:
    return subprocess.run([str(SERVICES)], env={"PATH": "/usr/sbin:/usr/bin:/sbin:/bin", "GG_SERVICE_WAIT": "2",
                                                **env}, capture_output=True, text=True, timeout=120)


def test_both_answering_is_a_pass_with_or_without_ci():
    if not (answers(5432) and answers(6379)):
        pytest.skip("this machine's PostgreSQL and Redis are not both up")
    assert services().returncode == 0 and services(CI="1").returncode == 0


def test_without_ci_a_service_down_is_reported_and_nothing_is_started():
    port = free_port()
    done = services(GG_REDIS_PORT=str(port))
    assert done.returncode == 1 and f"redis does not answer on 127.0.0.1:{port}" in done.stderr
    assert not answers(port)


def test_with_ci_a_service_that_cannot_be_brought_up_fails_the_run():
    # Nothing of the machine's can answer on a port nobody listens on: starting PostgreSQL does not help.
    port = free_port()
    done = services(CI="1", GG_POSTGRES_PORT=str(port))
    assert done.returncode == 1
    assert f"postgresql does not answer on 127.0.0.1:{port}: starting it" in done.stderr
    assert f"postgresql does not answer on 127.0.0.1:{port}\n" in done.stderr


def test_with_ci_a_redis_that_is_down_is_started_and_the_run_goes_on():
    if shutil.which("redis-server") is None or not answers(5432):
        pytest.skip("needs Debian's redis-server and this machine's PostgreSQL")
    port = free_port()
    try:
        done = services(CI="1", GG_REDIS_PORT=str(port), GG_SERVICE_WAIT="20")
        assert done.returncode == 0, done.stderr
        assert answers(port)
    finally:
        subprocess.run(["redis-cli", "-p", str(port), "shutdown", "nosave"], capture_output=True, timeout=30)
