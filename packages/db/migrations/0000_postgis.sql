-- PostGIS backs parcel geometries (geometry(Polygon,4326), GiST index, generated bounds).
-- On PGlite the extension must also be passed to PGlite.create; on a server it must be installed.
CREATE EXTENSION IF NOT EXISTS postgis;
