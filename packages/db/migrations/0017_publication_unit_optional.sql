-- Issue 28 §1: a publication may name no unit. POST /publications/add without `unit` answered 400 since 0010,
-- breaking clients that never sent one (the seed's form among them): the column now holds NULL for "no unit" and
-- has no default (a publication is never given a unit its seller did not choose). Existing rows keep theirs; the
-- CHECK of the fixed list lets NULL through.
ALTER TABLE "publications" ALTER COLUMN "unit" DROP DEFAULT;
--> statement-breakpoint
ALTER TABLE "publications" ALTER COLUMN "unit" DROP NOT NULL;
