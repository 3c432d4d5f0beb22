//! Card and map data (owned by the data layer; placeholder until its types land).
