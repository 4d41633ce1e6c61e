"""Django's Redis cache, with one Redis client per connection pool instead of one per operation.

Django's RedisCacheClient builds a fresh `redis.Redis` for every get or set, and redis-py fills a table
of some 170 response callbacks each time: about 0.3 ms, a third of the cost of serving a cached page.
The client is thread-safe and holds no connection of its own (the pool does), so one is kept per pool.
"""
from django.core.cache.backends.redis import RedisCache, RedisCacheClient


class ReusedClient(RedisCacheClient):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._clients = {}

    def get_client(self, key=None, *, write=False):
        pool = self._get_connection_pool(write)
        client = self._clients.get(id(pool))
        if client is None:
            client = self._clients[id(pool)] = self._client(connection_pool=pool)
        return client


class ReusedClientRedisCache(RedisCache):
    def __init__(self, server, params):
        super().__init__(server, params)
        self._class = ReusedClient
