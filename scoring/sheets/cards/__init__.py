"""The director's player cards (name, PIN and the QR code of the card's signed link), the PINs
as CSV and XLSX, and a new PIN for a player."""
