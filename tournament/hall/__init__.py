"""The hall during a round: announcements for the projector and extra time per table
(``services``, the director's ``views``).
"""
