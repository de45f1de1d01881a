-- Pictures (issue 11): the upload quota counts a user's uploads of the last hour, and reading a
-- picture looks for the clients and locations that show it.

CREATE INDEX images_uploaded_by_created_at_idx ON images (uploaded_by, created_at);
CREATE INDEX clients_image_file_ref_idx ON clients (image_file_ref) WHERE image_file_ref IS NOT NULL;
CREATE INDEX locations_image_file_ref_idx ON locations (image_file_ref) WHERE image_file_ref IS NOT NULL;
