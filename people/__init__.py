"""People across events: the Person behind each entry, their profile, and their stored ratings.

An entry (`tournaments.Player`) is one person in one event; a Person links a person's entries across
events so they have a history and a rating. Ratings are computed by the pure `ratings` module and stored
here for reading, refreshed from the date a change touched (`people.rating_store`).
"""
