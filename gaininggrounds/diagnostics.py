"""Opt-in diagnostics for the load benchmark (GG_QUERY_COUNT=1): each response says how many SQL
queries it took, in an X-DB-Queries header. Off in production."""
from django.db import connection


class QueryCountHeader:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        count = 0

        def counted(execute, sql, params, many, context):
            nonlocal count
            count += 1
            return execute(sql, params, many, context)

        with connection.execute_wrapper(counted):
            response = self.get_response(request)
        response["X-DB-Queries"] = str(count)
        return response
