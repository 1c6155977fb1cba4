"""Registration, the waitlist and check-in (RULES.md section 9): from the first click to round
1's seating."""
