"""Registration, the waitlist and check-in (docs/rules/registration.md): from the first click
to round 1's seating."""
