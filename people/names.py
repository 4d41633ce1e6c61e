"""How the console finds a person by name: without accents, case or extra spaces ("Zoé  Durand" finds
"ZOE DURAND"), so an organizer typing a name from a paper slip finds who played before."""
import unicodedata

from scoring.entries import HIDDEN_CATEGORIES, plain

KEY_LENGTH = 100  # the stored key's column; decomposing can make a name's key longer than the name


def search_key(name: str) -> str:
    """The name with its accents dropped (decomposed, combining marks removed), case folded and its
    spaces single; stored on each person and compared with what the organizer types."""
    decomposed = unicodedata.normalize("NFKD", plain(name))
    bare = "".join(c for c in decomposed if not unicodedata.combining(c)
                   and unicodedata.category(c) not in HIDDEN_CATEGORIES)  # a NUL from a query string, say
    return " ".join(bare.casefold().split())[:KEY_LENGTH]
