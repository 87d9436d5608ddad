"""short viewer and scorer codes

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-22 00:30:00

"""
import secrets

import sqlalchemy as sa
from alembic import op

revision = '0002'
down_revision = '0001'
branch_labels = None
depends_on = None

ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"


def upgrade():
    # Plain ADD COLUMN and unique indexes: SQLite does them in place. (A batch table rebuild
    # would drop the old matches table, and ON DELETE CASCADE would take the events with it.)
    op.add_column('matches', sa.Column('viewer_code', sa.String(length=12), nullable=True))
    op.add_column('matches', sa.Column('scorer_code_hash', sa.String(length=64), nullable=True))
    op.create_index('ix_matches_viewer_code', 'matches', ['viewer_code'], unique=True)
    op.create_index('ix_matches_scorer_code_hash', 'matches', ['scorer_code_hash'], unique=True)
    # Matches made before codes existed get a viewer code now; their scorer code comes with
    # the next scorer link (the token is stored only hashed, so no code can be made from it).
    connection = op.get_bind()
    matches = sa.table('matches', sa.column('id', sa.String), sa.column('viewer_code', sa.String))
    for (match_id,) in connection.execute(sa.select(matches.c.id)).all():
        code = "".join(secrets.choice(ALPHABET) for _ in range(6))
        connection.execute(matches.update().where(matches.c.id == match_id).values(viewer_code=code))


def downgrade():
    op.drop_index('ix_matches_scorer_code_hash', table_name='matches')
    op.drop_index('ix_matches_viewer_code', table_name='matches')
    op.drop_column('matches', 'scorer_code_hash')
    op.drop_column('matches', 'viewer_code')
