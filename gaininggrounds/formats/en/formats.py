"""English dates as a British or French reader expects them: the day before the month, the month in
words ("25 Nov 2026"), never Django's American default (11/25/2026), which reads as another day
over here. French keeps Django's own (day/month/year)."""
DATE_FORMAT = "j F Y"
SHORT_DATE_FORMAT = "j M Y"
DATETIME_FORMAT = "j F Y, H:i"
SHORT_DATETIME_FORMAT = "j M Y, H:i"
MONTH_DAY_FORMAT = "j F"
TIME_FORMAT = "H:i"
FIRST_DAY_OF_WEEK = 1  # Monday
