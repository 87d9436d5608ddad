"""matches and their event logs

Revision ID: 0001
Revises: 
Create Date: 2026-11-21 23:54:47.891233

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0001'
down_revision = None
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('matches',
    sa.Column('id', sa.String(length=16), nullable=False),
    sa.Column('game', sa.String(length=32), nullable=False),
    sa.Column('title', sa.String(length=120), nullable=False),
    sa.Column('mode', sa.String(length=8), nullable=False),
    sa.Column('players', sa.JSON(), nullable=False),
    sa.Column('settings', sa.JSON(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('scorer_token_hash', sa.String(length=64), nullable=False),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_table('events',
    sa.Column('match_id', sa.String(length=16), nullable=False),
    sa.Column('seq', sa.Integer(), autoincrement=False, nullable=False),
    sa.Column('action', sa.JSON(), nullable=False),
    sa.Column('time', sa.DateTime(timezone=True), nullable=False),
    sa.Column('by', sa.String(length=40), nullable=True),
    sa.Column('client_id', sa.String(length=80), nullable=True),
    sa.ForeignKeyConstraint(['match_id'], ['matches.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('match_id', 'seq'),
    sa.UniqueConstraint('match_id', 'client_id', name='uq_events_client_id')
    )


def downgrade():
    op.drop_table('events')
    op.drop_table('matches')
