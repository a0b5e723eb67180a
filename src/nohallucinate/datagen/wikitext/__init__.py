"""Reading article wikitext: markup rendered as text, a wikitable reader, and football career-statistics tables."""

from nohallucinate.datagen.wikitext.career_tables import CareerTable, SeasonLine, career_tables, club_seasons

__all__ = ["CareerTable", "SeasonLine", "career_tables", "club_seasons"]
