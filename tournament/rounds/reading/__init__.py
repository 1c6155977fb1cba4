"""Reading the rounds in time: the round clock (``clock``), each table's clock and the round's
end (``tabletimes``), and when the next round starts (``schedule``)."""
