"""Test-wide settings: Hypothesis runs the same examples on every run (seeded, no flaky finds in
CI) and with no deadline (the CI machine's speed is not what a property test checks). The
``world``, ``alice`` and ``gm`` fixtures are the opening most command tests share."""

import pytest
from hypothesis import settings

from champions_mush.game.roles import Role

from .harness import make_world

settings.register_profile("champions-mush", derandomize=True, deadline=None, print_blob=True)
settings.load_profile("champions-mush")


@pytest.fixture
def world():
    """A fresh game on a memory store, random dice (tests/harness.py)."""
    return make_world()


@pytest.fixture
def alice(world):
    """Alice, a connected player in the start room of ``world``."""
    return world.login("Alice")


@pytest.fixture
def gm(world):
    """Gina, a connected staff member in the start room of ``world``."""
    return world.login("Gina", role=Role.STAFF)


@pytest.fixture(scope="session")
def postgres_server():
    """A throwaway PostgreSQL server for the session (tests/pgserver.py); skips without one."""
    from .pgserver import PostgresServer

    server = PostgresServer()
    yield server
    server.stop()


@pytest.fixture
def postgres_url(postgres_server):
    """A ``postgresql://`` URL to an empty schema of its own."""
    from .pgserver import schema_url

    return schema_url(postgres_server)
