"""The director's round board: a tile per table (result state, fouls, extra time) and the
round clock. ``reading`` reads them in a constant number of queries; ``views`` and ``urls`` serve
the page and its JSON feed.
"""
