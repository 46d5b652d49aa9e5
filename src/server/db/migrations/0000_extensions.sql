-- earthdistance (with cube) gives the GiST-indexed radius search over provider positions.
CREATE EXTENSION IF NOT EXISTS cube;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;
