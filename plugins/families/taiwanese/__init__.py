"""The Taiwanese scoring family: tai (台) added up from a table, flower wins as limits, a base plus so much a tai."""
