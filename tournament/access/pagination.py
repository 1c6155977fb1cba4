from rest_framework.pagination import LimitOffsetPagination


class BoundedLimitOffsetPagination(LimitOffsetPagination):
    """Limit/offset pages with bounds the database accepts (a 20-digit offset is a 400-free
    empty page, not a server error)."""

    default_limit = 500
    max_limit = 1000
    max_offset = 10**9

    def get_offset(self, request) -> int:
        return min(super().get_offset(request), self.max_offset)
